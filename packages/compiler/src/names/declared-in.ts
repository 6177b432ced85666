// Where a name lives when it isn't visible here: the module of the project that declares it, so
// `name.unknown` can say which `use` line to add (and an editor can add it).
import type { LoadedFile } from "../syntax/loaded-file.ts";
import type { Decl, UseDecl } from "../syntax/ast.ts";
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

/** The longest `use` line a step spells out whole (a quoted part of a message is cut at 80). */
const USE_LINE_MAX = 78;

/**
 * The `next:` of a name declared elsewhere: which module, and the `use` line to put it on.
 * `others`: more names of that module the same file uses without importing (one line imports
 * them all); `hasLine`: whether the file has a `use` line for the module already.
 */
export function declaredElsewhere(name: string, module: string, others: readonly string[] = [], hasLine = true): string {
  const also = others.length === 0 ? "" : `, as are ${listNames(others)}`;
  if (hasLine) return `\`${name}\` is declared in \`${module}\`${also}: add ${others.length === 0 ? "it" : "them"} to a \`use ${module} { … }\` line`;
  const line = `use ${module} { ${[name, ...others].join(", ")} }`;
  const add = line.length <= USE_LINE_MAX ? `add the line \`${line}\`` : `add a \`use ${module} { … }\` line with ${others.length === 0 ? "it" : "them"}`;
  return `\`${name}\` is declared in \`${module}\`${also}: ${add}`;
}

function listNames(names: readonly string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

/** The fix that imports `name` from `module`: onto its `use` line when `file` has one, else a new line after the last `use` (or first in the file). */
export function addUseFix(file: LoadedFile, module: string, names: readonly string[]): Fix {
  const title = `Add ${names.map((n) => `\`${n}\``).join(", ")} to \`use ${module}\``;
  const name = names.join(", ");
  const uses = file.syntax.decls.filter((d): d is UseDecl => d.kind === "use");
  const existing = uses.find((u) => usesModule(u, module));
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

/** Whether `decl` is a `use` line of `module` (`use a/b { … }` for `a/b`). */
export function usesModule(decl: Decl, module: string): decl is UseDecl {
  return decl.kind === "use" && decl.path.map((w) => w.name).join("/") === module;
}

/** The empty span at `offset`: where an insertion goes. */
function insertionAt(file: LoadedFile, offset: number): Span {
  return { file: file.path, ...file.source.position(offset), start: offset, end: offset };
}
