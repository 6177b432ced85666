// Type identity and assignability. Types are nominal: a NamedType is itself, never its structure.
// List item-count constraints (`max_items` on a field) are checked on literals, not here.
import type { Base, Constraints, NamedType, Type } from "./types.ts";

/** Whether two types are the same type. `error` is the same as anything (no cascades). */
export function sameType(a: Type, b: Type): boolean {
  if (a.kind === "error" || b.kind === "error") return true;
  switch (a.kind) {
    case "base":
      return b.kind === "base" && a.base === b.base;
    case "named":
      return b.kind === "named" && a.decl === b.decl;
    case "list":
      return b.kind === "list" && sameType(a.item, b.item);
    case "optional":
      return b.kind === "optional" && sameType(a.inner, b.inner);
    case "none":
      return b.kind === "none";
    case "void":
      return b.kind === "void";
  }
}

/** Whether a value of `found` may stand where `expected` is wanted: the same type, `none` or a
 * `T` where `T?` is wanted. Nothing widens (an Int is not a Decimal, a Text not a CustomerQuestion). */
export function assignable(found: Type, expected: Type): boolean {
  if (found.kind === "error" || expected.kind === "error") return true;
  if (expected.kind === "optional") {
    if (found.kind === "none") return true;
    if (found.kind === "optional") return sameType(found.inner, expected.inner);
    return assignable(found, expected.inner);
  }
  return sameType(found, expected);
}

/** The base representation of a scalar type (`CustomerQuestion` → Text), null for others. */
export function scalarBase(type: Type): Base | null {
  if (type.kind === "base") return type.base;
  if (type.kind === "named" && type.decl.def.kind === "scalar") return type.decl.def.base;
  return null;
}

/** No constraints: shared, read only. */
export const NO_CONSTRAINTS: Readonly<Constraints> = Object.freeze({});

/** The constraints of a scalar type; none for a base type. */
export function scalarConstraints(type: Type): Readonly<Constraints> {
  if (type.kind === "named" && type.decl.def.kind === "scalar") return type.decl.def.constraints;
  return NO_CONSTRAINTS;
}

export function isTextBased(type: Type): boolean {
  return scalarBase(type) === "Text";
}

/** The item type of a list type, or of a named type defined as a list (`Embedding`); null otherwise. */
export function listItem(type: Type): Type | null {
  if (type.kind === "list") return type.item;
  if (type.kind === "named" && type.decl.def.kind === "list") return type.decl.def.item;
  return null;
}

/** min_items / max_items of a list type or a named list type. */
export function listBounds(type: Type): { min_items?: number; max_items?: number } {
  if (type.kind === "list") return { min_items: type.min_items, max_items: type.max_items };
  if (type.kind === "named" && type.decl.def.kind === "list") return { min_items: type.decl.def.min_items, max_items: type.decl.def.max_items };
  return {};
}

export function enumOf(type: Type): NamedType | null {
  return type.kind === "named" && type.decl.def.kind === "enum" ? type.decl : null;
}

export function objectOf(type: Type): NamedType | null {
  return type.kind === "named" && type.decl.def.kind === "object" ? type.decl : null;
}
