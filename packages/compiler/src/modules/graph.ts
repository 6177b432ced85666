// The module graph: every loaded file, its modules, and the names visible at its top level.
import type { Ident } from "../syntax/ast.ts";
import type { DeclRef, LoadedFile } from "../syntax/loaded-file.ts";

export type { DeclRef, LoadedFile };

export interface FileScope {
  file: LoadedFile;
  /** Every name visible at the top of the file: its folder module's names, its imports, and `app.jadpo`'s. */
  names: ReadonlyMap<string, DeclRef>;
}

/** A recording file found below `domains/`, read but not decoded (the checker decodes it). */
export interface RecordingSource {
  /** Root-relative: `<folder of the prompt's file>/recordings/<prompt>/<name>.json`. */
  path: string;
  /** The folder name under `recordings/`. */
  promptName: string;
  /** The file name without `.json`. */
  name: string;
  /** The raw bytes (a BOM kept), or null when the file is over 16 MiB (undecodable). */
  bytes: Uint8Array | null;
}

export interface ModuleGraph {
  /** Every file, in path order. */
  files: LoadedFile[];
  /** By file path. */
  scopes: Map<string, FileScope>;
  /** `app.jadpo`, when it parsed. */
  app: LoadedFile | null;
  /** Every recording file of the project, in path order (absent in hand-built graphs). */
  recordings?: RecordingSource[];
}

export function declName(decl: DeclRef): Ident {
  return decl.kind === "decl" ? decl.decl.name : decl.prompt.name;
}
