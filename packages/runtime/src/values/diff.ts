// A structural diff of two values of one type, for a failing `assert a == b` on records or lists
// (docs/testing.md): one line per field or item, fields that agree unmarked, the expected side
// marked `-` and the value got marked `+`, nested records and lists opened only where they differ.
import type { Type } from "@jadpo/compiler";
import { printValue } from "./print.ts";
import { shapeOf, type Shape } from "./shape.ts";
import { valuesEqual } from "./equal.ts";
import type { Value, ValueRecord } from "./value.ts";

const INDENT = "  ";

/** The shape under any optionals. */
function structural(type: Type): Shape {
  let shape = shapeOf(type);
  while (shape.kind === "optional") shape = shapeOf(shape.inner);
  return shape;
}

function lines(type: Type, got: Value, expected: Value, depth: number, label: string): string[] {
  const pad = INDENT.repeat(depth);
  if (valuesEqual(got, expected)) return [`  ${pad}${label}${printValue(type, got)}`];
  const shape = structural(type);
  if (shape.kind === "object" && got !== null && expected !== null && typeof got === "object" && typeof expected === "object") {
    const g = got as ValueRecord;
    const e = expected as ValueRecord;
    const inner = shape.fields.flatMap((f) => lines(f.type, g[f.name] ?? null, e[f.name] ?? null, depth + 1, `${f.name}: `));
    return [`  ${pad}${label}${shape.decl.name} {`, ...inner, `  ${pad}}`];
  }
  if (shape.kind === "list" && Array.isArray(got) && Array.isArray(expected)) {
    const inner: string[] = [];
    const itemPad = INDENT.repeat(depth + 1);
    for (let i = 0; i < Math.max(got.length, expected.length); i += 1) {
      if (i >= got.length) inner.push(`- ${itemPad}${printValue(shape.item, expected[i])}`);
      else if (i >= expected.length) inner.push(`+ ${itemPad}${printValue(shape.item, got[i])}`);
      else inner.push(...lines(shape.item, got[i], expected[i], depth + 1, ""));
    }
    return [`  ${pad}${label}[`, ...inner, `  ${pad}]`];
  }
  return [`- ${pad}${label}${printValue(type, expected)}`, `+ ${pad}${label}${printValue(type, got)}`];
}

/**
 * The diff's lines when `type` is a record or a list (where comparing two one-line literals by
 * eye is hard); null for any other type, whose `got:` and `expected:` lines say it all.
 */
export function diffValues(type: Type, got: Value, expected: Value): string[] | null {
  const kind = structural(type).kind;
  if (kind !== "object" && kind !== "list") return null;
  if (got === null || expected === null) return null;
  return lines(type, got, expected, 0, "");
}
