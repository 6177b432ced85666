// Where a name lives when it isn't visible here: the module of the project that declares it, so
// `name.unknown` can say which `use` line to add (and an editor can add it).
import type { LoadedFile } from "../syntax/loaded-file.ts";
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
