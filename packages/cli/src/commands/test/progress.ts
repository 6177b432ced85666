// A slow run's progress on a terminal: once a run has taken more than 2 s, one line that keeps
// being rewritten in place (`running · 1200 of 2009 tests · 3.1s`), erased before the report is
// written, so the report reads exactly as without it. Never on a pipe or a file, and never when
// standard output carries a machine report (json, junit): those stay byte for byte as they are.
import type { RunEvent } from "@jadpo/runtime";
import type { Output } from "../../context.ts";
import type { ReporterName } from "../../reporters/index.ts";
import { humanReporters } from "../../reporters/index.ts";
import { nowMs } from "../../toolchain.ts";

/** A run faster than this shows nothing. */
const SHOW_AFTER_MS = 2_000;
/** How often the line is redrawn, at most (and by the timer while a worker thread runs the tests). */
const REDRAW_MS = 100;
/** Back to the line's start, and clear it. */
const ERASE = "\r\x1b[2K";

export interface Progress {
  /** Counts the run's tests as its events come. */
  onEvent(event: RunEvent): void;
  /** Erases the line (if shown) and stops redrawing; called before the report is written. */
  stop(): void;
}

/** No progress line (a pipe, a machine report, or live lines that show progress themselves). */
export const noProgress: Progress = { onEvent: () => {}, stop: () => {} };

/**
 * The progress line for a run writing to `stdout`, or one that does nothing when standard output
 * isn't a terminal or one of its reports there is for machines.
 */
export function progressFor(stdout: Output, onStdout: readonly ReporterName[], started: number, now: () => number = () => nowMs()): Progress {
  if (!stdout.isTTY || onStdout.some((name) => !humanReporters.includes(name))) return noProgress;
  let total: number | null = null;
  let done = 0;
  let shown = false;
  let drawnAt = -Infinity;

  const draw = (force: boolean): void => {
    const elapsed = now() - started;
    if (total === null || elapsed < SHOW_AFTER_MS || (!force && elapsed - drawnAt < REDRAW_MS)) return;
    drawnAt = elapsed;
    const line = `running · ${done} of ${total} test${total === 1 ? "" : "s"} · ${(elapsed / 1000).toFixed(1)}s`;
    // One column short of the width, so the terminal never wraps it onto a second line.
    const width = stdout.columns ?? 80;
    stdout.write(`${ERASE}${line.length < width ? line : line.slice(0, Math.max(0, width - 1))}`);
    shown = true;
  };
  // While the tests run on this thread the timer waits; the events redraw instead.
  const timer = setInterval(() => draw(true), REDRAW_MS);
  timer.unref();

  return {
    onEvent(event) {
      if (event.type === "run-start") total = event.total;
      else if (event.type === "test-done") done++;
      draw(false);
    },
    stop() {
      clearInterval(timer);
      if (shown) stdout.write(ERASE);
      shown = false;
    },
  };
}
