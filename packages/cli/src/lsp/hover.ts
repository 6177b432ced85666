// Hover: a declaration's signature (a prompt's with its version), or the type of a name or
// expression, as a jadpo code block.
import { printType, type DeclRef, type LoadedFile, type Span } from "@jadpo/compiler";
import type { Hover } from "vscode-languageserver";
import type { Compiled } from "./project.ts";
import type { Target } from "./targets.ts";

/** At most this many lines of a declaration are shown. */
const MAX_LINES = 20;

function slice(file: LoadedFile, start: number, end: number): string {
  const lines = file.source.text.slice(start, end).trimEnd().split("\n");
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push("    …");
  return shown.join("\n");
}

/** A callable's header: from its first word to the `{` of its body. */
function header(file: LoadedFile, span: Span, bodyStart: number): string {
  return file.source.text.slice(span.start, bodyStart).replace(/\s+/g, " ").trim();
}

/** What a declaration looks like in a hover. */
export function signature(compiled: Compiled, ref: DeclRef): string {
  if (ref.kind === "prompt_values") {
    const prompt = ref.prompt;
    const params = prompt.params.map((p) => ref.file.source.text.slice(p.span.start, p.span.end)).join(", ");
    return `type ${compiled.program?.prompts.get(prompt.name.name)?.valuesType.name ?? prompt.name.name} = Object { ${params} }\n// the values of prompt ${prompt.name.name}`;
  }
  const decl = ref.decl;
  switch (decl.kind) {
    case "function":
    case "action":
      return header(ref.file, decl.span, decl.body.span.start);
    case "prompt": {
      const open = ref.file.source.text.indexOf("{", decl.name.span.end);
      const head = header(ref.file, decl.span, open < 0 ? decl.span.end : open);
      const version = compiled.program?.prompts.get(decl.name.name)?.version;
      return version ? `${head}\n// version: ${version}` : head;
    }
    case "fixtures":
      return [`fixtures ${decl.name.name}`, ...decl.members.map((m) => `    ${header(ref.file, m.span, m.body.span.start)}`)].join("\n");
    case "type":
    case "failure":
    case "connection":
      return slice(ref.file, decl.span.start, decl.span.end);
  }
}

function block(code: string, note?: string): Hover {
  return { contents: { kind: "markdown", value: `\`\`\`jadpo\n${code}\n\`\`\`${note ? `\n${note}` : ""}` } };
}

export function hoverFor(compiled: Compiled, target: Target): Hover | null {
  switch (target.kind) {
    case "decl":
      return block(signature(compiled, target.ref), `declared in \`${target.ref.file.path}\``);
    case "fixture":
      return block(`fixture ${target.group.name.name}.${header(target.file, target.member.span, target.member.body.span.start)}`);
    case "enum_member":
      return block(`${target.typeName}.${target.member.name}`, `a member of \`${target.typeName}\``);
    case "module":
      return block(`use ${target.module}`, target.files.map((f) => `- \`${f.path}\``).join("\n"));
    case "recording":
      return block(`recorded("${target.name}")`, `\`${target.path}\``);
    case "value":
      if (!target.type) return null;
      return block(target.name ? `${target.name}: ${printType(target.type)}` : printType(target.type));
    case "prelude":
      return block(target.signature ?? target.name, target.what);
    case "field": {
      const declared = target.owner.decl.kind === "prompt"
        ? target.owner.decl.params.find((p) => p.name === target.field)?.type
        : target.owner.decl.body.kind === "object" ? target.owner.decl.body.fields.find((f) => f.name === target.field)?.type : undefined;
      const type = declared ? target.owner.file.source.text.slice(declared.span.start, declared.span.end) : "";
      const owner = target.owner.decl.kind === "prompt" ? `the values of prompt \`${target.owner.decl.name.name}\`` : `\`${target.owner.decl.name.name}\``;
      return block(`${target.written ?? target.field.name}: ${type}`, `a field of ${owner}`);
    }
  }
}
