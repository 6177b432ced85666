// What running one planned entry yields: its result, and any alert it raises (a stale recording).
import type { Alert, TestResult } from "./events.ts";

export interface TestOutcome {
  result: TestResult;
  alerts: Alert[];
}

/** Reads a file of the project by its root-relative path; null when it doesn't exist. */
export type ReadProjectFile = (rootRelativePath: string) => Uint8Array | null;
