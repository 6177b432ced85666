// Picks a reporter by its `--reporter` name.
import type { Reporter, ReporterName } from "./reporter.ts";
import type { Paint } from "@jadpo/compiler";
import { plainReporter, prettyReporter } from "./text.ts";
import { jsonReporter } from "./json.ts";
import { junitReporter } from "./junit.ts";

export { reporterNames, reportPassed, type Reporter, type ReporterName, type ReportContext, type TestReport } from "./reporter.ts";

/** `paint` and `width` matter to pretty alone (the terminal's colours and width). */
export function makeReporter(name: ReporterName, paint: Paint, width: number | null): Reporter {
  switch (name) {
    case "pretty":
      return prettyReporter(paint, width);
    case "plain":
      return plainReporter;
    case "json":
      return jsonReporter;
    case "junit":
      return junitReporter;
  }
}
