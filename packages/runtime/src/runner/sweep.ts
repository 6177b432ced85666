// `--seeds A..B` for one planned entry: run it under every seed of the range; a test failing under
// some seeds only fails with `test.seed_dependent`, its first failing seed's generated answers
// shrunk into a ready-to-paste `fakes:` script. All of it happens where the entry runs (one
// thread), so the outcome is the same for any worker count.
import { diagnostic, type Detail, type Diagnostic } from "@jadpo/compiler";
import { mergeCoverage, newObserver, type CoverageCounts, type GeneratedAnswer, type Observer } from "./observe.ts";
import type { TestOutcome } from "./outcome.ts";
import type { PlannedTest } from "./plan.ts";
import { seedCount, type SeedRange } from "./seeds.ts";
import { shrinkAnswers } from "./shrink-answers.ts";
import { shrunkScript } from "./shrunk-script.ts";

/** Runs the entry once under a run seed, observed (a test) or not (null: a recording test). */
export type RunUnder = (runSeed: number, observe: Observer | null) => TestOutcome | Promise<TestOutcome>;

/** Failing seeds listed by number before `, …`. */
const LISTED_SEEDS = 5;

interface Failed {
  seed: number;
  outcome: TestOutcome;
  generated: GeneratedAnswer[];
}

export async function sweepEntry(entry: PlannedTest, range: SeedRange, coverage: boolean, runUnder: RunUnder): Promise<TestOutcome> {
  const counts: CoverageCounts | null = coverage ? {} : null;
  const failedSeeds: number[] = [];
  let firstFailed: Failed | null = null;
  let first: TestOutcome | null = null;
  let duration = 0;
  for (let seed = range.first; seed <= range.last; seed++) {
    const observer = entry.kind === "test" ? newObserver(coverage) : null;
    const done = runUnder(seed, observer);
    const outcome = done instanceof Promise ? await done : done;
    first ??= outcome;
    duration += outcome.result.duration_ms;
    if (counts && observer?.coverage) mergeCoverage(counts, observer.coverage);
    if (outcome.result.status === "failed") {
      failedSeeds.push(seed);
      firstFailed ??= { seed, outcome, generated: observer?.generated ?? [] };
    }
  }
  const total = seedCount(range);
  const base = firstFailed?.outcome ?? (first as TestOutcome);
  // Alerts are about files, not seeds: the first seed's, once.
  const outcome: TestOutcome = { result: { ...base.result, duration_ms: duration }, alerts: (first as TestOutcome).alerts };
  if (counts) outcome.coverage = counts;
  if (!firstFailed) return outcome;
  outcome.result.runSeed = firstFailed.seed;
  const d = firstFailed.outcome.result.diagnostics[0];
  if (!d) return outcome;
  if (failedSeeds.length === total) {
    const seeds = total === 1 ? `failed under its only seed (${range.first})` : `failed under all ${total} seeds`;
    outcome.result.diagnostics = [{ ...d, details: [{ label: "seeds", text: seeds }, ...d.details] }];
    return outcome;
  }
  const details: Detail[] = [{ label: "seeds", text: `failed under ${failedSeeds.length} of ${total} seeds (${listSeeds(failedSeeds)})` }];
  if (firstFailed.generated.length > 0 && entry.kind === "test") {
    const failedSeed = firstFailed.seed;
    const shrunk = await shrinkAnswers(firstFailed.generated, d.rule, (observe) => runUnder(failedSeed, observe));
    details.push({ label: "fakes", text: `the simplest generated answers that still fail (seed ${failedSeed}):${shrunkScript(shrunk.answers, entry.test)}` });
  }
  const dependent: Diagnostic = diagnostic("test.seed_dependent", d.span, {}, [...details, ...d.details]);
  outcome.result.diagnostics = [dependent];
  return outcome;
}

function listSeeds(seeds: number[]): string {
  const listed = seeds.slice(0, LISTED_SEEDS).join(", ");
  return seeds.length > LISTED_SEEDS ? `${listed}, …` : listed;
}
