// `text.*` counting in code points (an emoji is one, as `text.length` counts it): positions are
// turned into UTF-16 offsets by walking the text, so nothing is copied into an array.
import { codePointLength, type Span } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";

function isPairAt(t: string, i: number): boolean {
  const c = t.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= t.length) return false;
  const d = t.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff;
}

/** The UTF-16 offset after the first `n` code points, clamped to 0..the end. */
export function offsetOf(t: string, n: number): number {
  if (n <= 0) return 0;
  if (n >= t.length) return t.length; // never more code points than code units
  let i = 0;
  for (let count = 0; count < n && i < t.length; count++) i += isPairAt(t, i) ? 2 : 1;
  return i;
}

export function take(t: string, n: number): string {
  return t.slice(0, offsetOf(t, n));
}

export function drop(t: string, n: number): string {
  return t.slice(offsetOf(t, n));
}

/** Code points `from` (included) to `to` (excluded), each clamped; `to` ≤ `from` is "". */
export function slice(t: string, from: number, to: number): string {
  if (to <= from) return "";
  return t.slice(offsetOf(t, from), offsetOf(t, to));
}

/** The code-point index of the first `s` in `t`, or null. */
export function indexOf(t: string, s: string): number | null {
  const at = t.indexOf(s);
  return at < 0 ? null : codePointLength(t.slice(0, at));
}

/** Every `old` replaced, left to right, not overlapping; an empty `old` has no one meaning. */
export function replace(t: string, old: string, by: string, span: Span): string {
  if (old === "") throw new RuntimeFault({ variant: "replace_empty" }, span);
  return t.split(old).join(by);
}

/** `[t]` without the separator; an empty separator splits into code points. */
export function split(t: string, separator: string): string[] {
  return separator === "" ? Array.from(t) : t.split(separator);
}

const INT_TEXT = /^-?[0-9]+$/;
const DECIMAL_TEXT = /^-?[0-9]+(?:\.[0-9]+)?$/;

/** The whole text, trimmed, as an Int within ±(2^53−1); else null (no `+`, exponent, `_` or hex). */
export function toInt(t: string): number | null {
  const trimmed = t.trim();
  if (!INT_TEXT.test(trimmed)) return null;
  const n = Number(trimmed);
  // Digits alone read as a whole number (or Infinity): safe is within ±(2^53−1).
  return Number.isSafeInteger(n) ? n + 0 : null;
}

/** The whole text, trimmed, as a Decimal; else null (also when too large to be a finite number). */
export function toDecimal(t: string): number | null {
  const trimmed = t.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n + 0 : null;
}

/** -1, 0 or 1 in code-point order (JavaScript's `<` on strings compares UTF-16 code units,
 * which puts U+E000–U+FFFF after the astral planes). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return fixup(x) < fixup(y) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A code unit moved so that surrogates (astral code points) sort after U+E000–U+FFFF. */
function fixup(u: number): number {
  if (u >= 0xe000) return u - 0x800;
  if (u >= 0xd800) return u + 0x2000;
  return u;
}
