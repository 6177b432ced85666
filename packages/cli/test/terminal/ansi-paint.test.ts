// The paint of the human reports writes what chalk 5 writes at level 1 for the same styles, for
// any text: nested colours, line breaks (`\n` and `\r\n`), escape codes already in the text.
import { Chalk } from "chalk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Paint } from "@jadpo/compiler";
import { ansiPaint } from "../../src/ansi-paint.ts";

const c = new Chalk({ level: 1 });
const chalkPaint: Paint = {
  error: (t) => c.red.bold(t),
  bold: (t) => c.bold(t),
  dim: (t) => c.dim(t),
  path: (t) => c.cyan(t),
  caret: (t) => c.red.bold(t),
  ok: (t) => c.green.bold(t),
  alert: (t) => c.yellow.bold(t),
};
const ours = ansiPaint;
const styles = Object.keys(chalkPaint) as (keyof Paint)[];

/** Text made of plain pieces, line breaks, stray escape codes and pieces painted by either paint (the same way). */
const pieces = fc.array(
  fc.oneof(
    fc.string(),
    fc.constantFrom("\n", "\r\n", "\r", "\u001B[22m", "\u001B[39m", "\u001B[1m", "\u001B[31m", "\u001B", "→ ", "✓", "é"),
    fc.tuple(fc.constantFrom(...styles), fc.string()),
  ),
  { maxLength: 12 },
);

describe("the reports' paint", () => {
  it("paints every style exactly as chalk does, for any text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...styles), pieces, (outer, parts) => {
        const text = (paint: Paint) => parts.map((p) => (Array.isArray(p) ? paint[p[0]](p[1]) : p)).join("");
        expect(ours[outer](text(ours))).toBe(chalkPaint[outer](text(chalkPaint)));
      }),
      { numRuns: 3000 },
    );
  });

  it("leaves empty text empty and paints a plain word with its codes", () => {
    expect(ours.ok("")).toBe("");
    expect(ours.error("x")).toBe("\u001B[31m\u001B[1mx\u001B[22m\u001B[39m");
    expect(ours.dim("a\nb")).toBe("\u001B[2ma\u001B[22m\n\u001B[2mb\u001B[22m");
  });
});
