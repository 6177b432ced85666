// Where each reporter of a run writes: `--reporter` may be given several times, and
// `--output <reporter>=<file>` sends one of them to a file (a bare `--output <file>` sends the one
// reporter there, or the one machine reporter — json or junit — among several). Files are
// written atomically, their missing folders created.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { diagnostic, type Diagnostic } from "@jadpo/compiler";
import { noPaint } from "../../toolchain.ts";
import type { CliContext } from "../../context.ts";
import { diskFull, isDiskFull } from "../../disk-full.ts";
import { terminalFor, type ColorMode } from "../../terminal.ts";
import { OptionValueError } from "../../usage.ts";
import { humanReporters, makeReporter, reporterNames, type Reporter, type ReporterName } from "../../reporters/index.ts";
import { orList } from "../../options.ts";

export interface Target {
  name: ReporterName;
  reporter: Reporter;
  /** The file as given on the command line; null for standard output. */
  file: string | null;
}

export type TargetsResult = { ok: true; targets: Target[] } | { ok: false; diagnostic: Diagnostic };

const machine = (name: ReporterName) => !humanReporters.includes(name);

function badOutput(value: string, takes: string, example = "junit=reports/junit.xml"): TargetsResult {
  return { ok: false, diagnostic: new OptionValueError("--output", value, takes, example).diagnostic };
}

/** The reporters of a run and their files, from `--reporter`, `--output` and the terminal. */
export function resolveTargets(
  reporterFlags: readonly ReporterName[], outputFlags: readonly string[], context: CliContext, color: ColorMode,
): TargetsResult {
  const terminal = terminalFor(context.stdout, context.env, color);
  // No `--reporter`: the terminal's (pretty on a TTY, plain otherwise).
  const fallback: ReporterName = terminal.isTTY ? "pretty" : "plain";
  const names: ReporterName[] = [...new Set<ReporterName>(reporterFlags.length > 0 ? reporterFlags : [fallback])];
  const files = new Map<ReporterName, string>();
  for (const output of outputFlags) {
    const eq = output.indexOf("=");
    const named = eq > 0 ? output.slice(0, eq) : null;
    if (named !== null && (reporterNames as readonly string[]).includes(named)) {
      const name = named as ReporterName;
      const file = output.slice(eq + 1);
      if (file === "") return badOutput(output, "`<reporter>=<file>` with a file after `=`");
      // `--output junit=…` alone asks for the junit report as well as the console's.
      if (!names.includes(name)) {
        if (reporterFlags.length === 0) names.push(name);
        else return badOutput(output, `a file for one of this run's reporters (${orList(names)})`, `${names[0]}=report.txt`);
      }
      files.set(name, file);
      continue;
    }
    const open = names.filter((name) => !files.has(name));
    const target = open.length === 1 ? open[0] : open.filter(machine).length === 1 ? open.filter(machine)[0] : null;
    if (target === null) return badOutput(output, `\`<reporter>=<file>\` when ${orList(names)} all run`);
    files.set(target, output);
  }
  const targets = names.map((name): Target => {
    const file = files.get(name) ?? null;
    // A report written to a file is never coloured or wrapped.
    const options = file === null ? { paint: terminal.paint, width: terminal.width } : { paint: noPaint, width: null };
    return { name, reporter: makeReporter(name, options), file };
  });
  return { ok: true, targets };
}

/** Writes a report file atomically (a temporary file renamed over it), creating its folders. */
export function writeReportFile(context: CliContext, file: string, text: string): Diagnostic | null {
  const path = isAbsolute(file) ? file : resolve(context.cwd, file);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, path);
    return null;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself couldn't be made: there is no temporary file to remove.
    }
    if (isDiskFull(error)) return diskFull(error, file);
    const why = error instanceof Error ? error.message : String(error);
    return diagnostic("cli.output_unwritable", null, { path: file, why });
  }
}
