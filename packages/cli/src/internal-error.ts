// The catch-all: an unexpected exception is jadpo's fault, never the user's. It is saved as a
// report under `<root>/.jadpo/internal-errors/` (the stack only there, never on screen) and
// printed as one `toolchain.internal_error` diagnostic; exit 1. A full disk is `cli.disk_full` instead.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { relative, resolve } from "node:path";
import { diagnostic, renderErrorPlain } from "@jadpo/compiler";
import { findProjectRoot, slashPath } from "./toolchain.ts";
import type { CliContext } from "./context.ts";
import { diskFull, failedPath, isDiskFull } from "./disk-full.ts";
import { nodeHost } from "./node-host.ts";
import { statePath, unsafeStateFolder } from "./state-folder.ts";
import { version } from "./version.ts";

export const INTERNAL_ERROR_EXIT = 1;

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? `${error.name}: ${error.message}` };
  return { message: String(error), stack: String(error) };
}

/** The report's text: what ran and the stack. No environment: a key must never be saved. */
export function reportText(error: unknown, argv: string[], now: Date): string {
  const { stack } = describe(error);
  return [
    `jadpo ${version} internal error`,
    `time: ${now.toISOString()}`,
    `node: ${process.version} on ${process.platform}-${process.arch}`,
    `command: jadpo ${argv.join(" ")}`,
    "",
    stack,
    "",
  ].join("\n");
}

/** The project the command was about: the first path argument's, else the current directory's. */
function projectRoot(argv: string[], cwd: string): string | null {
  const paths = argv.filter((arg) => !arg.startsWith("-")).map((arg) => arg.replace(/:\d+$/, ""));
  for (const path of [...paths, "."]) {
    const start = slashPath(resolve(cwd, path));
    if (!nodeHost.exists(start)) continue;
    const root = findProjectRoot(nodeHost, start);
    if (root) return root;
  }
  return null;
}

/**
 * Saves a report in the project's `.jadpo/internal-errors/` (the temp folder without a project,
 * or when the project's `.jadpo/` leads elsewhere: a report is never written through a link)
 * and returns its path as shown from `cwd`. `suffix` tells apart reports one run may save in
 * the same millisecond (tests failing in several workers).
 */
export function saveInternalReport(root: string | null, text: string, now: Date, cwd: string, suffix = ""): string {
  const folder = root && unsafeStateFolder(root) === null ? statePath(root, "internal-errors") : resolve(tmpdir(), "jadpo-internal-errors");
  const path = resolve(folder, `${now.toISOString().replace(/[:.]/g, "-")}${suffix}.txt`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, text);
    return slashPath(relative(cwd, path));
  } catch {
    return "(it could not be saved)";
  }
}

/**
 * Prints the internal error (to standard error) and returns the exit code. `scrub` removes what
 * must never be saved or shown (`jadpo dev`'s: the connection's key, which an error's message
 * could quote from a model's answer).
 */
export function reportInternalError(error: unknown, argv: string[], context: CliContext, scrub: (text: string) => string = (text) => text): number {
  // A full disk reached here from a write no command expected to fail: still the user's to fix
  // (and no report could be saved anyway).
  if (isDiskFull(error)) {
    context.stderr.write(`${renderErrorPlain(diskFull(error, failedPath(error, context.cwd)))}\n`);
    context.exitCode = INTERNAL_ERROR_EXIT;
    return INTERNAL_ERROR_EXIT;
  }
  const now = new Date();
  const shown = saveInternalReport(projectRoot(argv, context.cwd), scrub(reportText(error, argv, now)), now, context.cwd);
  const firstLine = scrub(describe(error).message.split("\n")[0]).slice(0, 200) || "no message";
  const d = diagnostic("toolchain.internal_error", null, { message: firstLine, report: shown });
  context.stderr.write(`${renderErrorPlain(d)}\n`);
  context.exitCode = INTERNAL_ERROR_EXIT;
  return INTERNAL_ERROR_EXIT;
}
