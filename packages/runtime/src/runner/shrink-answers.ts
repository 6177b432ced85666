// Shrinking a failing seed's generated answers (docs/seeds-and-coverage.md): each step of
// ai/shrink.ts is tried on every answer, outermost place first; a candidate is kept when the test,
// answered with it, still fails with the same rule. Rounds of every step repeat until one changes
// nothing, within a budget of reruns.
import type { RuleId } from "@jadpo/compiler";
import { SHRINK_STEPS, shrinkCandidates } from "../ai/shrink.ts";
import { checkConstraints } from "../values/check.ts";
import { newObserver, type GeneratedAnswer, type Observer } from "./observe.ts";
import type { TestOutcome } from "./outcome.ts";

export const MAX_SHRINK_RERUNS = 500;

export type RunObserved = (observe: Observer) => TestOutcome | Promise<TestOutcome>;

export interface Shrunk {
  answers: GeneratedAnswer[];
  reruns: number;
}

export async function shrinkAnswers(start: GeneratedAnswer[], rule: RuleId, run: RunObserved, budget = MAX_SHRINK_RERUNS): Promise<Shrunk> {
  let current = start;
  let reruns = 0;
  /** The answers the run actually used when it still fails the same way; null otherwise. */
  const tryAnswers = async (candidate: GeneratedAnswer[]): Promise<GeneratedAnswer[] | null> => {
    reruns++;
    const observer = newObserver(false, candidate);
    const outcome = await run(observer);
    const failed = outcome.result.status === "failed" && outcome.result.diagnostics[0]?.rule === rule;
    return failed ? observer.generated : null;
  };
  let changed = true;
  while (changed && reruns < budget) {
    changed = false;
    for (const step of SHRINK_STEPS) {
      let progress = true;
      while (progress && reruns < budget) {
        progress = false;
        search: for (let i = 0; i < current.length; i++) {
          const { asType, value } = current[i];
          for (const candidate of shrinkCandidates(asType, value, step)) {
            if (reruns >= budget) break search;
            if (checkConstraints(asType, candidate) !== null) continue; // a safety net: candidates are built valid
            const next = current.slice();
            next[i] = { ...current[i], value: candidate };
            const used = await tryAnswers(next);
            if (used) {
              current = used;
              progress = changed = true;
              break search;
            }
          }
        }
      }
    }
  }
  return { answers: current, reruns };
}
