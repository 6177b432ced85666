// What running one planned entry yields: its result, and any alert it raises (a stale recording).
import type { Alert, TestResult } from "./events.ts";

export interface TestOutcome {
  result: TestResult;
  alerts: Alert[];
}

