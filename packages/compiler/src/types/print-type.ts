// How a type is written in diagnostics and detail lines: `CustomerQuestion`, `List<Text>`, `Text?`.
import type { Type } from "./types.ts";

export function printType(type: Type): string {
  switch (type.kind) {
    case "base":
      return type.base;
    case "named":
      return type.decl.name;
    case "list":
      return `List<${printType(type.item)}>`;
    case "optional":
      return `${printType(type.inner)}?`;
    case "none":
      return "none";
    case "void":
      return "nothing";
    case "error":
      return "?";
  }
}
