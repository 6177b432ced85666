// Deep structural equality (docs/language.md: `==` is structural and deep; none equals only none).
// Values of one type share a shape, so no type is needed.
import type { Value, ValueRecord } from "./value.ts";

export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as ValueRecord, rb = b as ValueRecord;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(rb, key) || !valuesEqual(ra[key], rb[key])) return false;
  }
  return true;
}
