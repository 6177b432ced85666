// The one next step of a `type.mismatch`, from what was expected and what was found.
import type { Type } from "../types/types.ts";
import { scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";

export function mismatchSuggestion(expected: Type, found: Type | null): string {
  const want = printType(expected);
  if (found) {
    if (found.kind === "void") return "This call returns nothing; pass a value instead";
    if (found.kind === "optional" && expected.kind !== "optional") {
      return `Match on it first: \`some(x)\` gives the \`${printType(found.inner)}\`, and \`none\` needs its own arm`;
    }
    if (expected.kind === "named" && expected.decl.def.kind === "scalar") {
      const base = scalarBase(found);
      if (base === expected.decl.def.base || (base === "Int" && expected.decl.def.base === "Decimal")) {
        return `Convert it with \`${want}(...)\`, which checks its constraints`;
      }
    }
    if (expected.kind === "base") {
      const base = scalarBase(found);
      if (base === expected.base) return `Convert it with \`${want}(...)\``;
    }
  }
  return `Write a value of type \`${want}\` here`;
}
