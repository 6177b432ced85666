// Semantic types: what the checker reasons with and what the runtime decodes, generates and prints.
// Types are nominal: a NamedType is identified by object identity, never by its name alone.

export type Base = "Bool" | "Int" | "Decimal" | "Text" | "Instant" | "Duration";

/** The closed set of constraints (docs/language.md). Lengths count Unicode code points. */
export interface Constraints {
  min?: number;
  max?: number;
  min_length?: number;
  max_length?: number;
  /** A JavaScript regular expression source, used with the `u` flag and matched against the whole text. */
  pattern?: string;
  min_items?: number;
  max_items?: number;
  /** `personal: false` keeps values verbatim in recordings. Absent means personal. */
  personal?: boolean;
}

export type Type =
  | { kind: "base"; base: Base } // the prelude's Bool Int Decimal Text Instant Duration
  | { kind: "named"; decl: NamedType } // declared types, and the prelude's Locale, Embedding, StreamedText, StreamStop, prompt values
  | { kind: "list"; item: Type; min_items?: number; max_items?: number }
  | { kind: "optional"; inner: Type }
  | { kind: "none" } // the type of `none` before it meets an expected `T?`
  | { kind: "void" } // an action or function without `->`
  | { kind: "error" }; // already reported: accepted everywhere, never reported again (no cascades)

export interface EnumMember {
  /** lower_snake name, e.g. `en_gb`. */
  name: string;
  /** The text it decodes from and renders as: the name, or a Locale's tag (`en-GB`). */
  tag: string;
}

export interface Field {
  name: string;
  type: Type;
}

export type TypeDef =
  | { kind: "scalar"; base: Base; constraints: Constraints } // `type Stars = Int { min: 1 max: 5 }`
  | { kind: "enum"; members: EnumMember[] }
  | { kind: "object"; fields: Field[] }
  | { kind: "list"; item: Type; min_items?: number; max_items?: number }; // e.g. Embedding = List<Decimal>

export interface NamedType {
  name: string;
  /** Module path where it is declared (`support/types`); "" for the prelude. */
  module: string;
  /** Filled in after creation so recursive types can refer to themselves. */
  def: TypeDef;
}

export const BOOL: Type = { kind: "base", base: "Bool" };
export const INT: Type = { kind: "base", base: "Int" };
export const DECIMAL: Type = { kind: "base", base: "Decimal" };
export const TEXT: Type = { kind: "base", base: "Text" };
export const INSTANT: Type = { kind: "base", base: "Instant" };
export const DURATION: Type = { kind: "base", base: "Duration" };
export const ERROR: Type = { kind: "error" };
export const VOID: Type = { kind: "void" };
export const NONE: Type = { kind: "none" };
