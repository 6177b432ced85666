// docs/diagnostics.md is generated from the catalogue; this fails when it is stale.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diagnosticsDoc, docPath } from "../../../../scripts/gen-diagnostics-doc.ts";
import { ruleIds } from "../../src/diagnostics/catalogue/index.ts";

describe("docs/diagnostics.md", () => {
  it("is what scripts/gen-diagnostics-doc.ts generates (run it after changing the catalogue)", () => {
    expect(readFileSync(docPath, "utf8")).toBe(diagnosticsDoc());
  });

  it("lists every rule once", () => {
    const listed = diagnosticsDoc().match(/^### `([a-z_.]+)`$/gm)!.map((line) => line.slice(5, -1));
    expect(listed.sort()).toEqual([...ruleIds].sort());
  });
});
