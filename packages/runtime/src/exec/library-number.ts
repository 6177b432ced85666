// `number.*`, `decimal.*` and `int.*`. Rounding works on the number as `text.of` writes it (the
// shortest text that reads back as it), not on its binary value: 1.005 is stored a little below
// 1.005, yet a person reading "1.005" expects 1.01, so the digits of that text are rounded.
import type { Span } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";

const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** `x` rounded half away from zero to `places` decimal places, on its decimal text. */
export function roundHalfAway(x: number, places: number): number {
  if (!Number.isFinite(x)) return x;
  const m = NUMBER_TEXT.exec(String(Math.abs(x)));
  if (m === null) return x;
  let digits = m[1] + (m[2] ?? "");
  // Where the decimal point stands among `digits`.
  let point = m[1].length + Number(m[3] ?? 0);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  const keep = point + places;
  if (keep >= digits.length) return x; // no more digits than asked for: already exact
  let kept = BigInt(digits.slice(0, keep) || "0");
  if (digits.charCodeAt(keep) >= 0x35) kept += 1n; // the next digit is 5 or more: half or above, away from zero
  const rounded = Number(`${kept}e-${places}`);
  return (x < 0 ? -rounded : rounded) + 0; // no negative zero
}

export function decimalRound(x: number, places: number, span: Span): number {
  if (!Number.isInteger(places) || places < 0 || places > 15) throw new RuntimeFault({ variant: "round_places", places }, span);
  return roundHalfAway(x, places);
}
