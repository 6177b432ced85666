// What `jadpo fmt` does: format each file (the compiler's `formatSource`), write the ones that
// change atomically (writes.ts) and list them, one path a line; `--check` only lists them;
// `--stdin` formats standard input to standard output. A file with a syntax problem is left as it
// is and its diagnostics go to standard error.
import { relative } from "node:path";
import {
  MAX_FILE_BYTES, checkSize, diagnostic, fileKind, formatSource, renderErrorPlain, renderErrorPretty, slashPath, type Diagnostic,
  type SourceFile,
} from "@jadpo/compiler";
import type { CliContext } from "../../context.ts";
import { terminalFor, type ColorMode, type Terminal } from "../../terminal.ts";
import { reportUsage } from "../../usage.ts";
import { nodeHost } from "../../node-host.ts";
import { diskFull, isDiskFull } from "../../disk-full.ts";
import { filesToFormat } from "./files.ts";
import { FmtWrites } from "./writes.ts";
import { plural } from "../../plural.ts";

export interface FmtOptions {
  check?: boolean;
  stdin?: boolean;
  color: ColorMode;
}

/** The name standard input goes by in diagnostics. */
const STDIN = "<stdin>";

/** Diagnostics for people, on standard error: pretty (with the code) on a terminal, plain otherwise. */
function printDiagnostics(diagnostics: readonly Diagnostic[], source: SourceFile | null, terminal: Terminal, context: CliContext): void {
  const blocks = diagnostics.map((d) =>
    terminal.isTTY || terminal.color
      ? renderErrorPretty(d, { displayPath: (f) => f, paint: terminal.paint, source: () => source ?? undefined })
      : renderErrorPlain(d, { displayPath: (f) => f }),
  );
  context.stderr.write(`${blocks.join("\n\n")}\n`);
}

export async function runFmt(paths: string[], options: FmtOptions, context: CliContext): Promise<void> {
  const terminal = terminalFor(context.stderr, context.env, options.color);
  if (options.stdin) {
    if (paths.length > 0) {
      return reportUsage(context, diagnostic("cli.conflicting_options", null, {
        first: "--stdin", second: paths[0], suggestion: "Pass files and folders to format them in place, or `--stdin` alone to format standard input",
      }));
    }
    return formatStdin(options, terminal, context);
  }
  const found = filesToFormat(context.cwd, paths);
  if (!found.ok) {
    if (found.exitCode === 2) return reportUsage(context, found.diagnostic);
    printDiagnostics([found.diagnostic], null, terminal, context);
    context.exitCode = 1;
    return;
  }
  let listed = 0;
  let broken = 0;
  const list = (shown: string) => {
    context.stdout.write(`${shown}\n`);
    listed++;
  };
  const writes = new FmtWrites(list);
  for (const absolute of found.files) {
    const shown = slashPath(relative(context.cwd, absolute)) || absolute;
    const bytes = nodeHost.readWithin(absolute, MAX_FILE_BYTES);
    if (bytes === null) continue; // gone since it was listed, or unreadable: nothing to format
    if (typeof bytes === "number") {
      printDiagnostics([checkSize(bytes, shown)!], null, terminal, context);
      broken++;
      continue;
    }
    const result = formatSource(shown, bytes, fileKind(absolute) ?? "source");
    if (!result.ok) {
      printDiagnostics(result.diagnostics, result.source, terminal, context);
      broken++;
    } else if (result.changed && options.check) list(shown);
    else if (result.changed) await writes.write(absolute, shown, result.text);
    if ((await writes.step()) !== null) break;
  }
  const failed = await writes.finish();
  if (failed !== null) {
    if (!isDiskFull(failed.error)) throw failed.error;
    printDiagnostics([diskFull(failed.error, failed.shown, "run `jadpo fmt` again")], null, terminal, context);
    context.exitCode = 1;
    return;
  }
  if (broken > 0) context.stderr.write(`fmt: ${plural(broken, "file")} left as ${broken === 1 ? "it is" : "they are"}: fix the syntax errors above, then run it again\n`);
  context.exitCode = broken > 0 || (options.check === true && listed > 0) ? 1 : 0;
}

async function formatStdin(options: FmtOptions, terminal: Terminal, context: CliContext): Promise<void> {
  const input = context.readStdin ? await context.readStdin() : new Uint8Array();
  if (input.length > MAX_FILE_BYTES) {
    printDiagnostics([checkSize(input.length, STDIN)!], null, terminal, context);
    context.exitCode = 1;
    return;
  }
  const result = formatSource(STDIN, input, "source");
  if (!result.ok) {
    printDiagnostics(result.diagnostics, result.source, terminal, context);
    context.exitCode = 1;
    return;
  }
  if (options.check) {
    // As for files: the name of what would change, and exit 1.
    if (result.changed) context.stdout.write(`${STDIN}\n`);
    context.exitCode = result.changed ? 1 : 0;
    return;
  }
  context.stdout.write(result.text);
  context.exitCode = 0;
}
