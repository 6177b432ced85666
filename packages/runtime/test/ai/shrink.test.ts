// Shrinking (docs/seeds-and-coverage.md): every candidate is a valid value of its type, and a failing
// answer shrinks, in the order lists → none → first member → nearest zero → shortest text, to the
// simplest value that still fails.
import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { generateValue } from "../../src/ai/defaults.ts";
import { SHRINK_STEPS, nearestZero, shortestText, shrinkCandidates } from "../../src/ai/shrink.ts";
import { shrinkAnswers } from "../../src/runner/shrink-answers.ts";
import type { GeneratedAnswer, Observer } from "../../src/runner/observe.ts";
import type { TestOutcome } from "../../src/runner/outcome.ts";
import { rng } from "../../src/seed.ts";
import { checkConstraints } from "../../src/values/check.ts";
import type { Value, ValueRecord } from "../../src/values/value.ts";
import { BOOL, DECIMAL, INT, ORDER_CODE, STARS, SUPPORT_ANSWER, TEXT, commentType, enumType, list, optional, record, scalar } from "./types-fixture.ts";

/** Shrinks one answer of `type` under a test that fails exactly when `fails(value)`. */
async function shrink(type: Type, value: Value, fails: (value: Value) => boolean, budget?: number): Promise<{ value: Value; reruns: number }> {
  const run = (observe: Observer): TestOutcome => {
    const given = observe.replay ?? [];
    observe.generated.push(...given);
    const status = fails(given[0].value) ? "failed" : "passed";
    const diagnostics = status === "failed" ? [{ rule: "test.assertion_failed" } as TestOutcome["result"]["diagnostics"][number]] : [];
    return { result: { name: "t", kind: "test", file: "t.jadpotest", line: 1, status, seed: 1, duration_ms: 0, diagnostics }, alerts: [] };
  };
  const start: GeneratedAnswer[] = [{ prompt: "p", item: null, tool: null, asType: type, value }];
  const shrunk = await shrinkAnswers(start, "test.assertion_failed", run, budget);
  return { value: shrunk.answers[0].value, reruns: shrunk.reruns };
}

const BOUNDED_INT = scalar("Offset", "Int", { min: -50, max: -7 });
const POSITIVE_DECIMAL = scalar("Weight", "Decimal", { min: 2.5, max: 9 });
const SKU = scalar("Sku", "Text", { pattern: "(?:sku|item)-[a-f0-9]{2,4}(?:-x)?" });
const CODE_WORD = scalar("CodeWord", "Text", { pattern: "[a-z]+", min_length: 3, max_length: 6 });
const PADDED = scalar("Padded", "Text", { min_length: 4, max_length: 9 });
const LINE = record("Line", [["sku", SKU], ["count", scalar("Count", "Int", { min: 1, max: 99 })], ["note", optional(TEXT)]]);
const ORDER = record("Order", [
  ["lines", list(LINE, { min_items: 1, max_items: 4 })],
  ["code", ORDER_CODE],
  ["priority", enumType("Priority", ["low", "normal", "high"])],
  ["gift", BOOL],
]);

describe("shrink candidates", () => {
  it("are valid values of their type for every step, patterns and bounds included", () => {
    const types = [SUPPORT_ANSWER, ORDER, LINE, SKU, CODE_WORD, PADDED, BOUNDED_INT, POSITIVE_DECIMAL, STARS, commentType(), list(ORDER_CODE, { min_items: 2 })];
    let checked = 0;
    for (const type of types) {
      for (let seed = 0; seed < 40; seed++) {
        const value = generateValue(type, rng(seed, "defaults"));
        for (const step of SHRINK_STEPS) {
          for (const candidate of shrinkCandidates(type, value, step)) {
            expect(checkConstraints(type, candidate), `${step} of ${JSON.stringify(value)}`).toBeNull();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("take numbers to the bound nearest zero and texts to the shortest valid text", () => {
    expect(nearestZero({ min: -50, max: -7 }, true)).toBe(-7);
    expect(nearestZero({ min: 2.5, max: 9 }, false)).toBe(2.5);
    expect(nearestZero({ min: 1.5 }, true)).toBe(2);
    expect(nearestZero({}, true)).toBe(0);
    expect(shortestText({})).toBe("a");
    expect(shortestText({ min_length: 4, max_length: 9 })).toBe("aaaa");
    expect(shortestText({ max_length: 0 })).toBe("");
    expect(shortestText({ pattern: "[A-Z]{3}-[0-9]{4}" })).toBe("AAA-0000");
    expect(shortestText({ pattern: "(?:sku|item)-[a-f0-9]{2,4}(?:-x)?" })).toBe("sku-00");
    expect(shortestText({ pattern: "[a-z]+", min_length: 3, max_length: 6 })).toBe("aaa");
  });
});

describe("shrinkAnswers", () => {
  it("shrinks a nested record to its simplest failing form: fewest items, none, first members, nearest zero, shortest texts", async () => {
    const value = generateValue(ORDER, rng(7, "defaults")) as ValueRecord;
    // Fails whenever the order is a gift: everything else can shrink away.
    const gift = { ...value, gift: true };
    const { value: shrunk } = await shrink(ORDER, gift, (v) => (v as ValueRecord).gift === true);
    expect(shrunk).toEqual({
      lines: [{ sku: "sku-00", count: 1, note: null }],
      code: "AAA-0000",
      priority: "low",
      gift: true,
    });
    expect(checkConstraints(ORDER, shrunk)).toBeNull();
  });

  it("keeps only the simplifications under which the test still fails", async () => {
    const value: ValueRecord = {
      lines: [
        { sku: "item-ab12-x", count: 40, note: "fragile" },
        { sku: "sku-ff", count: 3, note: null },
        { sku: "item-0c3", count: 77, note: "gift wrap please" },
      ],
      code: "QRS-1234",
      priority: "high",
      gift: false,
    };
    // Fails when some line has a note and a count over 10, and the priority isn't low.
    const fails = (v: Value): boolean => {
      const order = v as ValueRecord;
      const lines = order.lines as ValueRecord[];
      return order.priority !== "low" && lines.some((line) => line.note !== null && (line.count as number) > 10);
    };
    const { value: shrunk } = await shrink(ORDER, value, fails);
    // One line left (the first that still fails alone); its note the shortest text, its count
    // the bound nearest zero that still fails is the one it had (zero would pass); the priority's
    // first member would pass, so it stays.
    expect(shrunk).toEqual({ lines: [{ sku: "sku-00", count: 40, note: "a" }], code: "AAA-0000", priority: "high", gift: false });
    expect(fails(shrunk)).toBe(true);
  });

  it("shrinks lists to their minimum length and never below it", async () => {
    const codes = list(ORDER_CODE, { min_items: 2, max_items: 6 });
    const { value } = await shrink(codes, ["ABC-1111", "XYZ-2222", "QQQ-9999", "MNO-3333"], () => true);
    expect(value).toEqual(["AAA-0000", "AAA-0000"]);
    const { value: withNine } = await shrink(codes, ["ABC-1111", "XYZ-2222", "QQQ-9999", "MNO-3333"], (v) => (v as string[]).includes("QQQ-9999"));
    expect(withNine).toEqual(["AAA-0000", "QQQ-9999"]);
  });

  it("takes bounded numbers to the bound nearest zero, and Bools to false", async () => {
    expect((await shrink(BOUNDED_INT, -31, () => true)).value).toBe(-7);
    expect((await shrink(POSITIVE_DECIMAL, 8.25, () => true)).value).toBe(2.5);
    expect((await shrink(INT, 64, () => true)).value).toBe(0);
    expect((await shrink(DECIMAL, 12.5, (v) => (v as number) > 10)).value).toBe(12.5);
    expect((await shrink(BOOL, true, () => true)).value).toBe(false);
  });

  it("stops at the rerun budget", async () => {
    const value = generateValue(ORDER, rng(3, "defaults"));
    const { reruns } = await shrink(ORDER, value, () => false, 5);
    expect(reruns).toBe(5);
  });
});
