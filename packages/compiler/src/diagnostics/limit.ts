// Output bounded whatever the input: a file with 16,000 mistakes shows its first 50, a run its first
// 500, and one closing line says how many more there were (the count stays exact).
import type { Diagnostic } from "./diagnostic.ts";

export const MAX_PER_FILE = 50;
export const MAX_PER_RUN = 500;

export interface Limited {
  shown: Diagnostic[];
  /** How many were left out. */
  omitted: number;
}

/** The first 50 of each file and 500 in all, in the given order. */
export function limitDiagnostics(diagnostics: readonly Diagnostic[]): Limited {
  const perFile = new Map<string, number>();
  const shown: Diagnostic[] = [];
  for (const d of diagnostics) {
    const file = d.span?.file ?? "";
    const count = perFile.get(file) ?? 0;
    if (count >= MAX_PER_FILE || shown.length >= MAX_PER_RUN) continue;
    perFile.set(file, count + 1);
    shown.push(d);
  }
  return { shown, omitted: diagnostics.length - shown.length };
}

/** `… and 15950 more errors not shown (at most 50 per file and 500 per run)`. */
export function omittedLine(omitted: number): string {
  return `… and ${omitted} more error${omitted === 1 ? "" : "s"} not shown (at most ${MAX_PER_FILE} per file and ${MAX_PER_RUN} per run)`;
}
