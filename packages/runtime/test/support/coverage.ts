// `--coverage`'s report after chosen tests of a project ran, for the tests of what it counts.
import { expect } from "vitest";
import { coverageReport, type CoverageSite } from "../../src/runner/coverage.ts";
import { loadTests } from "../../src/runner/execute.ts";
import { mergeCoverage, type CoverageCounts } from "../../src/runner/observe.ts";
import type { Project } from "../../src/testing/project.ts";

/** A call site of the report, its outcomes as an object (`{ success: 2, … }`, in the report's order). */
export type CountedSite = Omit<CoverageSite, "outcomes"> & { outcomes: Record<string, number> };

/** Every call site's counts after the named tests ran with coverage, each checked to pass. */
export async function coverageAfter(p: Project, names: string[]): Promise<CountedSite[]> {
  const loaded = loadTests(p.program, { readFile: p.readFile });
  const counts: CoverageCounts = {};
  for (const name of names) {
    const outcome = await loaded.run(loaded.plan.find((e) => e.name === name)!, 1, { coverage: true });
    expect(outcome.result.status, name).toBe("passed");
    mergeCoverage(counts, outcome.coverage!);
  }
  return coverageReport(p.program, counts).map((site) => ({
    ...site,
    outcomes: Object.fromEntries(site.outcomes.map(({ outcome, count }) => [outcome, count])),
  }));
}
