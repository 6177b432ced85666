// One structural view of a Type, so every consumer (generate, decode, print, render) switches on
// five cases instead of unwrapping named types itself.
import type { Base, Constraints, EnumMember, Field, NamedType, Type } from "@jadpo/compiler";

export type Shape =
  | { kind: "scalar"; base: Base; constraints: Constraints; named: NamedType | null }
  | { kind: "enum"; decl: NamedType; members: EnumMember[] }
  | { kind: "object"; decl: NamedType; fields: Field[] }
  | { kind: "list"; item: Type; min_items?: number; max_items?: number }
  | { kind: "optional"; inner: Type }
  /** `none`, void and the checker's error type: only `null` lives here. */
  | { kind: "nothing" };

const NO_CONSTRAINTS: Constraints = Object.freeze({});

export function shapeOf(type: Type): Shape {
  switch (type.kind) {
    case "base":
      return { kind: "scalar", base: type.base, constraints: NO_CONSTRAINTS, named: null };
    case "named": {
      const def = type.decl.def;
      switch (def.kind) {
        case "scalar":
          return { kind: "scalar", base: def.base, constraints: def.constraints, named: type.decl };
        case "enum":
          return { kind: "enum", decl: type.decl, members: def.members };
        case "object":
          return { kind: "object", decl: type.decl, fields: def.fields };
        case "list":
          return { kind: "list", item: def.item, min_items: def.min_items, max_items: def.max_items };
      }
      break;
    }
    case "list":
      return { kind: "list", item: type.item, min_items: type.min_items, max_items: type.max_items };
    case "optional":
      return { kind: "optional", inner: type.inner };
  }
  return { kind: "nothing" };
}

