// Which planned tests a command line asks for: paths (files or folders) and `file:line`.
import type { PlannedTest } from "./plan.ts";

/** One selector, already made root-relative (`""` is the whole project). */
export interface Selector {
  /** Root-relative path with `/`, no trailing `/`; "" for the root. */
  path: string;
  /** `file:line`: the test whose declaration covers this line. */
  line: number | null;
}

function matches(entry: PlannedTest, selector: Selector): boolean {
  if (selector.line !== null) {
    return entry.file === selector.path && entry.line <= selector.line && selector.line <= entry.endLine;
  }
  if (selector.path === "") return true;
  return entry.file === selector.path || entry.file.startsWith(`${selector.path}/`);
}

/** The entries any selector asks for, in plan order, each once. No selectors: everything. */
export function selectTests(plan: PlannedTest[], selectors: Selector[]): PlannedTest[] {
  if (selectors.length === 0) return plan;
  return plan.filter((entry) => selectors.some((selector) => matches(entry, selector)));
}
