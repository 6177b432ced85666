// What `jadpo check` does: find the project, compile it, print the diagnostics (or the line that
// says it passed) in the chosen format, and set the exit code.
import {
  compileProject, limitDiagnostics, omittedLine, renderCheckJson, renderErrorPlain, renderErrorPretty, sortDiagnostics, sourceLookup,
  type Diagnostic, type SourceFile,
} from "@jadpo/compiler";
import { isCheckSummary, listProject, projectKey, readProjectEntry, snapshotSources, writeProjectEntry } from "../../toolchain.ts";
import type { CliContext } from "../../context.ts";
import { terminalFor, type ColorMode, type Terminal } from "../../terminal.ts";
import { reportUsage } from "../../usage.ts";
import { nodeHost } from "../../node-host.ts";
import { diskCache } from "../../cache/disk-cache.ts";
import { findProject, type ProjectLookup } from "../../project.ts";
import { processMemory } from "../../memory.ts";
import { undecodableRecordings } from "../../recording-diagnostics.ts";
import type { DiagnosticFormat } from "../../options.ts";
import { plural } from "../../plural.ts";

export interface CheckOptions {
  diagnosticFormat?: DiagnosticFormat;
  color: ColorMode;
}

interface Printed {
  files: number;
  declarations: number;
  diagnostics: Diagnostic[];
  /** Diagnostics past the limits, counted but not printed. */
  omitted: number;
  displayPath: (file: string) => string;
  source: (file: string) => SourceFile | undefined;
}

/**
 * The text `check` prints: each diagnostic, a blank line between, then the last line right after
 * the last one (as `jadpo test` prints its summary). Plain is painted too when colour is forced.
 */
function checkText(result: Printed, format: "pretty" | "plain", terminal: Terminal): string {
  const { paint } = terminal;
  if (result.diagnostics.length === 0) {
    return `${paint.ok("✓")} Check passed  ${plural(result.files, "file")} · ${plural(result.declarations, "declaration")}\n`;
  }
  const blocks = result.diagnostics.map((d) =>
    format === "plain" && !terminal.color
      ? renderErrorPlain(d, { displayPath: result.displayPath })
      : renderErrorPretty(d, { displayPath: result.displayPath, paint, source: format === "pretty" ? result.source : () => undefined }),
  );
  const count = result.diagnostics.length + result.omitted;
  const more = result.omitted > 0 ? `\n${omittedLine(result.omitted)}` : "";
  return `${blocks.join("\n\n")}${more}\n${paint.error("check failed:")} ${plural(count, "error")}\n`;
}

/** What to print: the compiled project's diagnostics, or the one that says there is no project. */
async function compile(lookup: ProjectLookup, env: CliContext["env"]): Promise<Printed> {
  if (!lookup.ok) {
    return { files: 0, declarations: 0, diagnostics: [lookup.diagnostic], omitted: 0, displayPath: (file) => file, source: () => undefined };
  }
  const root = lookup.project.root;
  const displayPath = lookup.project.displayPath;
  // The project's files read once: the cache's key digests them, and a miss compiles from them.
  const snapshot = listProject(nodeHost, root);
  const cache = diskCache(root, env);
  const key = cache && projectKey(snapshot, cache, "check", Date.now());
  const cached = cache && key ? readProjectEntry(cache, key, isCheckSummary) : null;
  if (cached) return { ...cached, omitted: cached.omitted ?? 0, displayPath, source: snapshotSources(snapshot) };
  // Checked only: `check` never runs the program, so the runtime's side tables are not kept. No
  // parses are kept for a next compile (one `check` compiles once): with each file's bytes, they
  // would hold a second copy of the project.
  const result = compileProject(snapshot.host, root, { toRun: false, memory: processMemory });
  // As docs/testing.md says, `check` decodes every recording as `test` does.
  const recordings = await undecodableRecordings(result, (path) => snapshot.host.readFile(`${root}/${path}`));
  const { shown, omitted } = limitDiagnostics(sortDiagnostics([...result.diagnostics, ...recordings]));
  const summary = { files: result.stats.files, declarations: result.stats.declarations, diagnostics: shown, omitted: omitted + result.omitted };
  if (cache && key) writeProjectEntry(cache, key, summary);
  return { ...summary, displayPath, source: sourceLookup(result.graph) };
}

export async function runCheck(path: string | undefined, options: CheckOptions, context: CliContext): Promise<void> {
  const terminal = terminalFor(context.stdout, context.env, options.color);
  const format: DiagnosticFormat = options.diagnosticFormat ?? (terminal.isTTY ? "pretty" : "plain");
  const lookup = findProject(context.cwd, path);
  if (!lookup.ok && lookup.exitCode === 2) return reportUsage(context, lookup.diagnostic);
  const printed = await compile(lookup, context.env);
  context.stdout.write(format === "json" ? renderCheckJson(printed, printed) : checkText(printed, format, terminal));
  context.exitCode = printed.diagnostics.length === 0 ? 0 : 1;
}
