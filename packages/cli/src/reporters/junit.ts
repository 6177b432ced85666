// `--reporter junit`: JUnit XML, a testsuite per file and a testcase per test (file and line
// attributes); a failing test's failure element holds its FAIL text, as plain prints it.
import { omittedLine, renderFailPlain } from "@jadpo/compiler";
import type { TestResult } from "@jadpo/runtime";
import type { RanReport, ReportContext, RenderReport, TestReport } from "./reporter.ts";
import { alertLine, remedyLine, withRerun } from "./lines.ts";
import { errorBlock, plainStyle } from "./text.ts";

/** What XML can't carry as is: its five special characters, and characters XML 1.0 forbids. */
const ESCAPED = /[&<>"']|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for an attribute or element in one pass; characters XML 1.0 forbids become U+FFFD. */
export function xmlEscape(text: string): string {
  return text.replace(ESCAPED, (c) => ENTITIES[c] ?? "\uFFFD");
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([key, value]) => ` ${key}="${xmlEscape(String(value))}"`)
    .join("");
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(result: TestResult, seed: number, context: ReportContext): string {
  const file = context.displayPath(result.file);
  const head = `    <testcase${attrs({ name: result.name, classname: file, file, line: result.line, time: seconds(result.duration_ms) })}`;
  if (result.status === "passed") return `${head}/>`;
  if (result.status === "skipped") return [`${head}>`, `      <skipped${attrs({ message: "not run: the run stopped after --bail failures" })}/>`, "    </testcase>"].join("\n");
  const failures = withRerun(result, seed, context).map((d) => {
    const text = renderFailPlain(result.name, d, { displayPath: context.displayPath });
    return `      <failure${attrs({ message: d.summary, type: d.rule })}>${xmlEscape(text)}</failure>`;
  });
  if (failures.length === 0) failures.push(`      <failure${attrs({ message: "failed", type: "failed" })}/>`);
  return [`${head}>`, ...failures, "    </testcase>"].join("\n");
}

function suites(report: RanReport, context: ReportContext): string[] {
  const byFile = new Map<string, TestResult[]>();
  for (const result of report.results) {
    const list = byFile.get(result.file) ?? [];
    list.push(result);
    byFile.set(result.file, list);
  }
  const lines: string[] = [];
  for (const [file, results] of byFile) {
    const failures = results.filter((result) => result.status === "failed").length;
    const skipped = results.filter((result) => result.status === "skipped").length;
    const time = results.reduce((sum, result) => sum + result.duration_ms, 0);
    const shown = context.displayPath(file);
    lines.push(`  <testsuite${attrs({ name: shown, file: shown, tests: results.length, failures, errors: 0, skipped, time: seconds(time) })}>`);
    lines.push(`    <properties><property${attrs({ name: "seed", value: report.seed })}/></properties>`);
    for (const result of results) lines.push(testcase(result, report.seed, context));
    // A stale recording's alert goes with its file's suite, as output a CI page shows.
    const alerts = report.alerts.filter((alert) => alert.file === file);
    if (alerts.length > 0) {
      const text = alerts.flatMap((alert) => [alertLine(alert), remedyLine(alert, context)]).join("\n");
      lines.push(`    <system-out>${xmlEscape(text)}</system-out>`);
    }
    lines.push("  </testsuite>");
  }
  return lines;
}

export const junitReporter: RenderReport = (report, context) => {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (report.outcome === "ran") {
    const failures = report.results.filter((result) => result.status === "failed").length;
    const skipped = report.results.filter((result) => result.status === "skipped").length;
    const time = report.results.reduce((sum, result) => sum + result.duration_ms, 0);
    lines.push(`<testsuites${attrs({ name: "jadpo test", tests: report.results.length, failures, errors: 0, skipped, time: seconds(time) })}>`);
    for (const line of suites(report, context)) lines.push(line);
    lines.push("</testsuites>");
  } else {
    const errors = report.outcome === "compile_errors" ? report.diagnostics : [report.diagnostic];
    const name = report.outcome === "compile_errors" ? "compile" : "no tests";
    lines.push(`<testsuites${attrs({ name: "jadpo test", tests: errors.length, failures: 0, errors: errors.length, time: "0.000" })}>`);
    lines.push(`  <testsuite${attrs({ name, tests: errors.length, failures: 0, errors: errors.length, skipped: 0, time: "0.000" })}>`);
    for (const d of errors) {
      const file = d.span ? context.displayPath(d.span.file) : "";
      const where: Record<string, string | number> = d.span ? { file, line: d.span.line } : {};
      lines.push(`    <testcase${attrs({ name: d.summary, classname: file || name, ...where, time: "0.000" })}>`);
      lines.push(`      <error${attrs({ message: d.summary, type: d.rule })}>${xmlEscape(errorBlock(d, context, plainStyle))}</error>`);
      lines.push("    </testcase>");
    }
    // Errors past the limits are not listed; CI pages show a suite's output, so it says how many.
    const omitted = report.outcome === "compile_errors" ? report.omitted ?? 0 : 0;
    if (omitted > 0) lines.push(`    <system-out>${xmlEscape(omittedLine(omitted))}</system-out>`);
    lines.push("  </testsuite>");
    lines.push("</testsuites>");
  }
  return `${lines.join("\n")}\n`;
};
