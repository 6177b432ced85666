// A parsed file of the project, and a reference to one of its top-level names: what the name
// tables (names/) and the module graph (modules/) both speak of, so it sits below both.
import type { Decl, PromptDecl, SyntaxFile } from "./ast.ts";
import type { SourceFile } from "../source/source-file.ts";

export interface LoadedFile {
  /** Path relative to the project root, with `/` (`domains/support/types.jadpo`, `app.jadpo`). */
  path: string;
  kind: "source" | "test";
  /** The folder module it belongs to (`support/actions`), "" for `app.jadpo`. */
  folderModule: string;
  /** Its own file module (`support/actions/answer_customer.test`... without extension: see docs/language.md). */
  fileModule: string;
  source: SourceFile;
  syntax: SyntaxFile;
}

/** A top-level name: a declaration, or a prompt's values type (named after the prompt, UpperCamel). */
export type DeclRef =
  | { kind: "decl"; decl: Exclude<Decl, { kind: "use" | "test" | "locales" }>; file: LoadedFile }
  | { kind: "prompt_values"; prompt: PromptDecl; file: LoadedFile };
