// Go to definition: where a target is declared (its name, a local's too), a module's files, a recording file.
import type { Location } from "vscode-languageserver";
import { declName } from "@jadpo/compiler";
import type { Compiled, EditorProject } from "./project.ts";
import { FILE_START, rangeOf, uriOfPath } from "./paths.ts";
import type { Target } from "./targets.ts";

export function definitionOf(project: EditorProject, compiled: Compiled, target: Target): Location[] {
  const at = (file: string, span: Parameters<typeof rangeOf>[0] | null): Location => ({
    uri: uriOfPath(project.absolute(file)),
    range: span ? rangeOf(span, compiled.source(file)) : FILE_START,
  });
  switch (target.kind) {
    case "decl":
      return [at(target.ref.file.path, declName(target.ref).span)];
    case "fixture":
      return [at(target.file.path, target.member.name.span)];
    case "enum_member":
      return [at(target.file.path, target.member.span)];
    case "module":
      return target.files.map((file) => at(file.path, null));
    case "recording":
      return project.host(compiled.buffers).exists(project.absolute(target.path)) ? [at(target.path, null)] : [];
    case "value":
      // A local: its parameter, `var`, `for` item or match binding, in the same file.
      return target.at ? [at(target.at.file, target.at)] : [];
    case "prelude":
      return [];
    case "field":
      return [at(target.owner.file.path, target.field.span)];
  }
}
