// The words of a test run (docs/testing.md): the alert and remedy lines, the summary, the rerun command.
// Every reporter takes its text from here, so plain, pretty, json and junit never disagree.
import type { Diagnostic } from "@jadpo/compiler";
import type { Alert, ResultKind, TestResult } from "@jadpo/runtime";
import type { ReportContext } from "./reporter.ts";
import { shellWord } from "../shell-word.ts";

/** Summary order of the kinds, and their singular nouns. */
export const kindOrder: readonly ResultKind[] = ["action test", "function test", "prompt test", "test", "recording test"];

export function countKinds(results: TestResult[]): Map<ResultKind, number> {
  const counts = new Map<ResultKind, number>();
  for (const kind of kindOrder) counts.set(kind, 0);
  for (const result of results) counts.set(result.kind, (counts.get(result.kind) ?? 0) + 1);
  return counts;
}

/** `1 action test · 2 recording tests`: non-zero counts in kind order. */
export function kindsText(results: TestResult[]): string {
  const parts: string[] = [];
  for (const [kind, count] of countKinds(results)) {
    if (count > 0) parts.push(`${count} ${kind}${count === 1 ? "" : "s"}`);
  }
  return parts.join(" · ");
}

export interface SummaryParts {
  passed: number;
  failed: number;
  /** Tests not run because the run stopped early (`--bail`). */
  skipped: number;
  kinds: string;
}

export function summaryParts(results: TestResult[]): SummaryParts {
  const failed = results.filter((result) => result.status === "failed").length;
  const skipped = results.filter((result) => result.status === "skipped").length;
  return { passed: results.length - failed - skipped, failed, skipped, kinds: kindsText(results) };
}

/**
 * `✓ 2 passed  1 action test · 1 recording test` or `test failed: 1 failed, 1 passed, 2 tests`.
 * `failingAlerts` counts alerts that fail the run (`--fail-on-alert`): `test failed: 1 alert, 2 passed, …`.
 * A run stopped by `--bail` adds `, 3 skipped` after the passed part (kinds count every test).
 */
export function summaryLine(results: TestResult[], failingAlerts = 0): string {
  const { passed, failed, skipped, kinds } = summaryParts(results);
  const skippedPart = skipped > 0 ? [`${skipped} skipped`] : [];
  if (failed === 0 && failingAlerts === 0) return `✓ ${[`${passed} passed`, ...skippedPart].join(", ")}  ${kinds}`;
  const failedPart = failed > 0 ? [`${failed} failed`] : [];
  const alertPart = failingAlerts > 0 ? [`${failingAlerts} alert${failingAlerts === 1 ? "" : "s"}`] : [];
  const passedPart = passed > 0 ? [`${passed} passed`] : [];
  return `test failed: ${[...failedPart, ...alertPart, ...passedPart, ...skippedPart, kinds].join(", ")}`;
}

export function compileErrorsLine(count: number): string {
  return `test failed: ${count} compile error${count === 1 ? "" : "s"}`;
}

/** The 8 hex digits of `answer_question@1a2b3c4d` (the whole text when it has no `@`). */
function versionDigits(version: string): string {
  const at = version.lastIndexOf("@");
  return at < 0 ? version : version.slice(at + 1);
}

/** The alert's text without the `▲ alert  ` mark. */
export function alertText(alert: Alert): string {
  const what = `\`${alert.prompt}\`'s recording \`${alert.name}\``;
  const why = alert.kind === "stale_recording"
    ? `was made from an older prompt (${versionDigits(alert.recordedVersion)}, now ${versionDigits(alert.currentVersion)})`
    : `was made with ${alert.recordedModel}, now ${alert.currentModel}`;
  return `${what} ${why}: its answer may no longer be what the model says`;
}

export function alertLine(alert: Alert): string {
  return `▲ alert  ${alertText(alert)}`;
}

/**
 * The command of an alert's remedy. `jadpo ai record` works on the project at or above the
 * current directory, so a run from outside the project (`jadpo test examples/support`) prints
 * `cd <project> && ` first: the line works pasted where it was printed.
 */
export function remedyCommand(alert: Alert, context: ReportContext): string {
  const root = context.displayPath(".");
  const inside = root === "." || /^\.\.(\/\.\.)*$/.test(root);
  const cd = inside ? "" : `cd ${shellWord(root)} && `;
  // Asked again with the fixture it was made from, when it remembers one, so the line works as printed.
  const fixture = alert.fixture === undefined ? "" : ` --fixture ${alert.fixture}`;
  return `${cd}jadpo ai record ${alert.prompt} --as ${alert.name}${fixture}`;
}

export const remedyWhy = "records it again from the prompt now";
const remedyWhyModel = "records it again from the model now";

/** What the remedy does, in the alert's own terms. */
export function remedyWhyOf(alert: Alert): string {
  return alert.kind === "stale_recording" ? remedyWhy : remedyWhyModel;
}

export function remedyLine(alert: Alert, context: ReportContext): string {
  return `→ ${remedyCommand(alert, context)}  ${remedyWhyOf(alert)}${remedyWithout(alert)}`;
}

/**
 * For a recording that remembers no fixture: the command asks with the last `jadpo dev` call's
 * values; what to add when there is none (the one fixture that fits, or how to make one).
 */
export function remedyWithout(alert: Alert): string {
  const without = alert.without;
  if (alert.fixture !== undefined || without === undefined) return "";
  const names = without.fixtures;
  const add = names.length === 1 ? `add \`--fixture ${names[0]}\``
    : names.length === 0 ? `write a fixture that returns \`${without.valuesType}\` and add \`--fixture\` with it`
      : `add \`--fixture\` with one of ${names.slice(0, 3).map((n) => `\`${n}\``).join(", ")}${names.length > 3 ? ", …" : ""}`;
  return ` (with no \`jadpo dev\` call to ask with, ${add})`;
}

/** `jadpo test <file>:<line of the declaration> --seed <run seed>` (the path quoted when the shell would split it). */
export function rerunCommand(result: TestResult, seed: number, context: ReportContext): string {
  return `jadpo test ${shellWord(`${context.displayPath(result.file)}:${result.line}`)} --seed ${seed}`;
}

/**
 * A result's diagnostics with their rerun command filled in (under the seed it failed with, in a
 * sweep). The multi-line `diff:` of a failed equality is kept only where asked (pretty and
 * verbose): the other reports show the `got:` and `expected:` lines alone, one line each.
 */
export function withRerun(result: TestResult, seed: number, context: ReportContext, keepDiff = false): Diagnostic[] {
  if (result.diagnostics.length === 0) return []; // a passed test: no command to build
  const rerun = rerunCommand(result, result.runSeed ?? seed, context);
  return result.diagnostics.map((d) => ({ ...d, rerun, details: keepDiff ? d.details : d.details.filter((detail) => detail.label !== "diff") }));
}
