// What running one planned entry yields: its result, and any alert it raises (a stale recording).
import type { Alert, TestResult } from "./events.ts";
import type { CoverageCounts } from "./observe.ts";

export interface TestOutcome {
  result: TestResult;
  alerts: Alert[];
  /** With `--coverage`: the outcomes its AI calls reached. */
  coverage?: CoverageCounts;
}

