// Where a name lives when it isn't visible here: the module of the project that declares it, so
// `name.unknown` can say which `use` line to add (and an editor can add it).
import type { LoadedFile } from "../syntax/loaded-file.ts";
import type { UseDecl } from "../syntax/ast.ts";
import type { Fix } from "../diagnostics/fix.ts";
import type { Span } from "../source/span.ts";
import { declaredNames } from "./namespace.ts";

/** Top-level name → the file modules that declare it, in path order (source files under `domains/` only: test files export nothing). */
export type DeclarationIndex = ReadonlyMap<string, readonly string[]>;

export function indexDeclarations(files: readonly LoadedFile[]): DeclarationIndex {
  const index = new Map<string, string[]>();
  for (const file of files) {
    if (file.kind !== "source" || !file.path.startsWith("domains/")) continue;
    for (const { name } of declaredNames(file)) {
      const modules = index.get(name);
      if (!modules) index.set(name, [file.fileModule]);
      else if (!modules.includes(file.fileModule)) modules.push(file.fileModule);
    }
  }
  return index;
}

/** The module to import `name` from, as seen from `file`: null when no other module declares it. */
export function moduleDeclaring(index: DeclarationIndex, name: string, file: LoadedFile): string | null {
  return index.get(name)?.find((module) => module !== file.fileModule) ?? null;
}

/** The `next:` of a name declared elsewhere: which module, and the `use` line to put it on. */
export function declaredElsewhere(name: string, module: string): string {
  return `\`${name}\` is declared in \`${module}\`: add it to a \`use ${module} { … }\` line`;
}

/** The fix that imports `name` from `module`: onto its `use` line when `file` has one, else a new line after the last `use` (or first in the file). */
export function addUseFix(file: LoadedFile, module: string, name: string): Fix {
  const title = `Add \`${name}\` to \`use ${module}\``;
  const uses = file.syntax.decls.filter((d): d is UseDecl => d.kind === "use");
  const existing = uses.find((u) => u.path.map((p) => p.name).join("/") === module);
  if (existing && existing.names.length > 0) {
    const last = existing.names[existing.names.length - 1];
    return { title, edits: [{ span: insertionAt(file, last.span.end), text: `, ${name}` }] };
  }
  if (uses.length === 0) {
    const blank = file.syntax.decls.length > 0 ? "\n" : "";
    return { title, edits: [{ span: insertionAt(file, 0), text: `use ${module} { ${name} }\n${blank}` }] };
  }
  return { title, edits: [{ span: insertionAt(file, uses[uses.length - 1].span.end), text: `\nuse ${module} { ${name} }` }] };
}

/** The empty span at `offset`: where an insertion goes. */
function insertionAt(file: LoadedFile, offset: number): Span {
  return { file: file.path, ...file.source.position(offset), start: offset, end: offset };
}
