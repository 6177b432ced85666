// Every reporter, by its `--reporter` name: the one list the flag's choices and help are read
// from. A new reporter is a file here and one line below.
import type { RunEvent } from "@jadpo/runtime";
import type { LiveContext, RenderReport, Reporter, ReporterOptions } from "./reporter.ts";
import { plainReporter, prettyReporter } from "./text.ts";
import { jsonReporter } from "./json.ts";
import { verboseReporter } from "./verbose.ts";
import { junitReporter } from "./junit.ts";

export { reportPassed, type LiveContext, type RanReport, type Reporter, type ReporterOptions, type ReportContext, type TestReport } from "./reporter.ts";

/** Today's reporters print once, at the end of the run. */
const atRunEnd = (render: RenderReport): Reporter => ({ onRunEnd: render });

export const reporters = {
  /** `paint` and `width` matter to the human reporters alone (the terminal's colours and width). */
  pretty: ({ paint, width }: ReporterOptions) => atRunEnd(prettyReporter(paint, width)),
  plain: ({ paint }: ReporterOptions) => atRunEnd(plainReporter(paint)),
  verbose: ({ paint, width }: ReporterOptions) => verboseReporter(paint, width),
  json: () => atRunEnd(jsonReporter),
  junit: () => atRunEnd(junitReporter),
} as const satisfies Record<string, (options: ReporterOptions) => Reporter>;

export type ReporterName = keyof typeof reporters;

export const reporterNames = Object.keys(reporters) as ReporterName[];

/** The reporters written for people (coloured when colour is on); the others are for machines. */
export const humanReporters: readonly ReporterName[] = ["pretty", "plain", "verbose"];

export function makeReporter(name: ReporterName, options: ReporterOptions): Reporter {
  return reporters[name](options);
}

/** The run's events, fed to the reporter's hooks (`runSelected`'s `onEvent`); `write` takes the live text. */
export function reporterEvents(reporter: Reporter, context: LiveContext, write: (text: string) => void = () => {}): (event: RunEvent) => void {
  return (event) => {
    if (event.type === "run-start") reporter.onRunStart?.();
    else if (event.type === "test-done") {
      const text = reporter.onTestDone?.(event.result, context);
      if (text) write(text);
    }
  };
}

/** The text the reporter gives at the end of the run (none when it has no `onRunEnd`). */
export function runEndText(reporter: Reporter, ...args: Parameters<NonNullable<Reporter["onRunEnd"]>>): string {
  return reporter.onRunEnd?.(...args) ?? "";
}
