// Property: generated well-typed programs check clean; the same programs with one mutation each
// (a wrong type, a broken constraint, a missing field, a dropped `attempt`, a stale `fails`
// entry) give at least one diagnostic, and checking never throws.
import { expect, test } from "vitest";
import fc from "fast-check";
import { compileSources } from "../../src/testing/index.ts";
import { checkSources, rendered } from "./check-sources.ts";
import { MUTATIONS, modelArb, renderProgram, type Mutation } from "./generate-programs.ts";

const EXPECTED_RULES: Record<Exclude<Mutation, "none">, string[]> = {
  wrong_type_return: ["type.mismatch"],
  constraint: ["type.constraint_violated", "type.mismatch"],
  missing_field_record: ["type.missing_field"],
  missing_field_fake: ["test.fake_type"],
  wrong_type_fake: ["test.fake_type"],
  dropped_attempt: ["failure.attempt_required"],
  stale_fails: ["failure.stale"],
};

test("1,000 generated programs check clean, and each mutation is caught", () => {
  fc.assert(
    fc.property(modelArb, fc.constantFrom(...MUTATIONS), (model, mutation) => {
      const clean = checkSources(renderProgram(model, "none").files);
      expect(rendered(clean.diagnostics)).toBe("");
      const broken = checkSources(renderProgram(model, mutation).files);
      const rules = broken.diagnostics.map((d) => d.rule);
      expect(rules.length).toBeGreaterThanOrEqual(1);
      expect(rules.some((r) => EXPECTED_RULES[mutation as Exclude<Mutation, "none">].includes(r))).toBe(true);
    }),
    { numRuns: 1000, seed: 20260101 },
  );
});

test("compiling never throws, even on programs cut or garbled anywhere", () => {
  fc.assert(
    fc.property(modelArb, fc.nat(), fc.nat({ max: 40 }), fc.constantFrom("cut", "delete", "swap"), (model, at, length, how) => {
      const files = renderProgram(model, "none").files;
      for (const path of ["domains/gen/gen.jadpo", "domains/gen/gen.test.jadpo"]) {
        const text = files[path];
        const i = at % text.length;
        files[path] = how === "cut" ? text.slice(0, i) : how === "delete" ? text.slice(0, i) + text.slice(i + length) : text.slice(0, i) + text.slice(i + length, i + 2 * length) + text.slice(i, i + length) + text.slice(i + 2 * length);
      }
      // The whole pipeline, as `jadpo check` runs it: a garbled file stops at its syntax diagnostics.
      expect(() => compileSources(files)).not.toThrow();
    }),
    { numRuns: 300, seed: 7 },
  );
});
