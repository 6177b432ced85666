// Types for the runtime's AI and value tests, built as the checker would build them.
import { BOOL, INSTANT, TEXT, type Constraints, type EnumMember, type Field, type NamedType, type Type } from "@jadpo/compiler";

// The prelude's base types are the compiler's own.
export { BOOL, DECIMAL, DURATION, INSTANT, INT, TEXT } from "@jadpo/compiler";

export function scalar(name: string, base: "Text" | "Int" | "Decimal", constraints: Constraints): Type {
  return { kind: "named", decl: { name, module: "support/types", def: { kind: "scalar", base, constraints } } };
}

export function enumType(name: string, members: string[]): Type {
  return { kind: "named", decl: { name, module: "support/types", def: { kind: "enum", members: members.map((m) => ({ name: m, tag: m })) } } };
}

export function record(name: string, fields: Array<[string, Type]>): Type {
  return { kind: "named", decl: { name, module: "support/types", def: { kind: "object", fields: fields.map(([n, type]): Field => ({ name: n, type })) } } };
}

export function list(item: Type, bounds: { min_items?: number; max_items?: number } = {}): Type {
  return { kind: "list", item, ...bounds };
}

export function optional(inner: Type): Type {
  return { kind: "optional", inner };
}

/** `locales { supported: ["en-GB", "fr-FR"] }`. */
const localeMembers: EnumMember[] = [
  { name: "en_gb", tag: "en-GB" },
  { name: "fr_fr", tag: "fr-FR" },
];
export const LOCALE: Type = { kind: "named", decl: { name: "Locale", module: "", def: { kind: "enum", members: localeMembers } } };

export const CUSTOMER_QUESTION = scalar("CustomerQuestion", "Text", { min_length: 1, max_length: 2000 });
export const STARS = scalar("Stars", "Int", { min: 1, max: 5 });
export const PRICE = scalar("Price", "Decimal", { min: 0 });
export const ORDER_CODE = scalar("OrderCode", "Text", { pattern: "[A-Z]{3}-[0-9]{4}" });
export const TONE = enumType("Tone", ["friendly", "formal"]);
export const NOTE = scalar("Note", "Text", { max_length: 10 });
export const FOLLOW_UP = record("FollowUp", [["note", NOTE], ["due", optional(INSTANT)]]);

/** SupportAnswer plus a field of each kind, in this declaration order. */
export const SUPPORT_ANSWER = record("SupportAnswer", [
  ["resolved_by_articles", BOOL],
  ["reply", TEXT],
  ["tags", list(TEXT, { max_items: 5 })],
  ["follow_up", optional(FOLLOW_UP)],
  ["tone", TONE],
  ["stars", STARS],
]);

/** A recursive type: a comment with replies and an optional parent. */
export function commentType(minReplies?: number): Type {
  const decl: NamedType = { name: "Comment", module: "support/types", def: { kind: "object", fields: [] } };
  const self: Type = { kind: "named", decl };
  decl.def = {
    kind: "object",
    fields: [
      { name: "text", type: TEXT },
      { name: "replies", type: list(self, minReplies === undefined ? {} : { min_items: minReplies }) },
      { name: "parent", type: optional(self) },
    ],
  };
  return self;
}
