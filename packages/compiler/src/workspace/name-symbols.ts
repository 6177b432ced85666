// What the name table (name-index.ts) holds: named things and the places their names are written.
import type { Span } from "../source/span.ts";

export type NameKind =
  | "type" | "failure" | "function" | "action" | "fixtures" | "fixture" | "prompt" | "connection"
  | "field" | "enum_member" | "parameter" | "local";

/** One named thing. Its key is where its name is declared: unique in the project. */
export interface NameSymbol {
  key: string;
  name: string;
  kind: NameKind;
  /** Where its name is declared. */
  span: Span;
  /** A field's, enum member's or fixture's owner (`SupportAnswer`, `questions`). */
  owner?: string;
}

/**
 * A place a symbol's name is written. `form` says how: as declared (`name`), or as a prompt's
 * values type (`values_type`: `AnswerQuestion` for `answer_question`). `span.file` may be a
 * recording (`asked.fixture` names a fixture).
 */
export interface Occurrence {
  key: string;
  span: Span;
  declaration: boolean;
  form: "name" | "values_type";
}

/** A symbol's key: where its name is declared, unique in the project. */
export function symbolKey(span: Span): string {
  return `${span.file}:${span.start}`;
}
