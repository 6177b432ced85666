// One project per rule of the checker, each giving exactly that rule's diagnostic, compared as
// the whole plain text (docs/diagnostics.md).
import { describe, expect, test } from "vitest";
import { ruleCases } from "./rule-cases/index.ts";
import { checkSources, rendered } from "./check-sources.ts";

describe("each checker rule, rendered plain", () => {
  for (const c of ruleCases) {
    test(`${c.rule}${c.title ? ` (${c.title})` : ""}`, () => {
      const { diagnostics } = checkSources(c.files);
      expect(diagnostics.map((d) => d.rule)).toEqual([c.rule]);
      expect(rendered(diagnostics)).toBe(c.expected);
    });
  }
});
