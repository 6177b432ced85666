// Small questions about semantic types the executor asks at compile time.
import type { Base, Type } from "@jadpo/compiler";

/** The scalar base of a type (`Stars` → Int), or null for records, lists, enums, optionals. */
export function baseOf(type: Type | undefined): Base | null {
  if (!type) return null;
  if (type.kind === "base") return type.base;
  if (type.kind === "named" && type.decl.def.kind === "scalar") return type.decl.def.base;
  return null;
}

/** Whether two types are the same type: named types by identity, the rest structurally. */
export function sameType(a: Type, b: Type): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case "base":
      return b.kind === "base" && a.base === b.base;
    case "named":
      return b.kind === "named" && a.decl === b.decl;
    case "list":
      return b.kind === "list" && sameType(a.item, b.item);
    case "optional":
      return b.kind === "optional" && sameType(a.inner, b.inner);
    default:
      return a.kind === b.kind;
  }
}

/** The fields of a record type in declaration order, or null when it is not a record. */
export function recordFields(type: Type | undefined): string[] | null {
  if (!type || type.kind !== "named" || type.decl.def.kind !== "object") return null;
  return type.decl.def.fields.map((f) => f.name);
}
