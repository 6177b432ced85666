// The words of `--coverage` and `--seeds` in a report (docs/seeds-and-coverage.md): the coverage
// section after the summary, its closing line, the json `coverage` array, the summary's
// `under N seeds`. Every reporter takes them from here.
import type { Paint } from "@jadpo/compiler";
// Types only from the runtime: reporters load with every command, the runtime only with `jadpo
// test`'s run.
import type { CoverageSite, SeedRange } from "@jadpo/runtime";
import { seedCount } from "../toolchain.ts";
import type { ReportContext } from "./reporter.ts";

const COVERAGE_HEADING = "AI outcomes reached by these tests";

/** ` under 100 seeds`, appended to the summary line of a sweep; "" otherwise. */
export function underSeeds(seeds: SeedRange | undefined): string {
  if (!seeds) return "";
  const n = seedCount(seeds);
  return ` under ${n} seed${n === 1 ? "" : "s"}`;
}

/** `ai.generate answer_question as SupportAnswer`, `ai.stream summarize`, `ai.embed`. */
function callText(site: CoverageSite): string {
  const prompt = site.prompt === null ? "" : ` ${site.prompt}`;
  const as = site.as === null ? "" : ` as ${site.as}`;
  return `ai.${site.call}${prompt}${as}`;
}

/** `12 of 16 AI outcomes reached`. */
function coverageClosing(sites: CoverageSite[]): { text: string; all: boolean } {
  const outcomes = sites.flatMap((site) => site.outcomes);
  const reached = outcomes.filter(({ count }) => count > 0).length;
  const total = outcomes.length;
  return { text: `${reached} of ${total} AI outcome${total === 1 ? "" : "s"} reached`, all: reached === total };
}

/** The section's lines: heading, each site and its outcomes (✓ reached, ✗ not), the closing line. */
export function coverageLines(sites: CoverageSite[], context: ReportContext, paint: Paint): string[] {
  const lines = [paint.bold(COVERAGE_HEADING)];
  if (sites.length === 0) lines.push("  no AI call in the project's code");
  for (const site of sites) {
    lines.push(`  ${context.displayPath(site.file)}:${site.line}  ${callText(site)}`);
    const marks = site.outcomes.map(({ outcome, count }) => (count > 0 ? `${paint.ok("✓")} ${outcome}` : `${paint.error("✗")} ${outcome}`));
    // A prompt with tools: its loop's outcomes on a line of their own, under the call's.
    const from = site.loopFrom ?? marks.length;
    lines.push(`    ${marks.slice(0, from).join("  ")}`);
    if (from < marks.length) lines.push(`    ${marks.slice(from).join("  ")}`);
  }
  const closing = coverageClosing(sites);
  lines.push(closing.all ? `${paint.ok("✓")} ${closing.text}` : `${paint.alert("▲")} ${closing.text}`);
  return lines;
}

/** `coverage` in the json report: one object per call site, outcome → how often reached. */
export function coverageJson(sites: CoverageSite[], context: ReportContext): Record<string, unknown>[] {
  return sites.map((site) => ({
    file: context.displayPath(site.file),
    line: site.line,
    call: `ai.${site.call}`,
    prompt: site.prompt,
    as: site.as,
    outcomes: Object.fromEntries(site.outcomes.map(({ outcome, count }) => [outcome, count])),
  }));
}
