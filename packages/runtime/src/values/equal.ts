// Deep structural equality (docs/language.md: `==` is structural and deep; none equals only none).
// Values of one type share a shape, so no type is needed. Walked with an explicit stack, so a
// deep value can't overflow the call stack; past MAX_COMPARE_DEPTH it is a fault in its own words.
import { RuntimeFault } from "../signals.ts";
import type { Value, ValueRecord } from "./value.ts";

/** Deeper nesting than this is refused, not compared (a linked chain of 10,000 records is a program's mistake). */
export const MAX_COMPARE_DEPTH = 10_000;

/** Whether two values are equal where no nesting need be looked into (null when both are containers to open). */
function shallow(a: Value, b: Value): boolean | null {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  return null;
}

export function valuesEqual(a: Value, b: Value): boolean {
  const top = shallow(a, b);
  if (top !== null) return top; // scalars, and one side a container: no stack at all
  // Pairs to compare, flat (left, right, depth; popped in reverse): no array per pair.
  const pending: (Value | number)[] = [a, b, 0];
  while (pending.length > 0) {
    const depth = pending.pop() as number;
    const y = pending.pop() as Value;
    const x = pending.pop() as Value;
    const known = shallow(x, y);
    if (known === false) return false;
    if (known === true) continue;
    if (depth >= MAX_COMPARE_DEPTH) throw new RuntimeFault({ variant: "compare_depth" }, null);
    if (Array.isArray(x)) {
      const ys = y as Value[];
      if (x.length !== ys.length) return false;
      for (let i = x.length - 1; i >= 0; i--) pending.push(x[i], ys[i], depth + 1);
      continue;
    }
    const rx = x as ValueRecord, ry = y as ValueRecord;
    const keys = Object.keys(rx);
    if (keys.length !== Object.keys(ry).length) return false;
    for (let i = keys.length - 1; i >= 0; i--) {
      if (!Object.hasOwn(ry, keys[i])) return false;
      pending.push(rx[keys[i]], ry[keys[i]], depth + 1);
    }
  }
  return true;
}
