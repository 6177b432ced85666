// How the `jadpo ai` commands print problems: diagnostics in the one shape (docs/diagnostics.md), plain when
// the output is not a terminal, to standard output like `jadpo check`; exit code 1.
import { renderErrorPlain, renderErrorPretty, type Diagnostic, type SourceFile } from "@jadpo/compiler";
import type { CliContext } from "../../../context.ts";
import type { Terminal } from "../../../terminal.ts";
import { plural } from "../../../plural.ts";

export interface Printing {
  context: CliContext;
  terminal: Terminal;
  displayPath: (file: string) => string;
  source: (file: string) => SourceFile | undefined;
}

function render(p: Printing, d: Diagnostic): string {
  return p.terminal.isTTY
    ? renderErrorPretty(d, { displayPath: p.displayPath, paint: p.terminal.paint, source: p.source })
    : renderErrorPlain(d, { displayPath: p.displayPath });
}

/** One problem that stops the command: its diagnostic, exit 1. */
export function reportProblem(p: Printing, d: Diagnostic): void {
  p.context.stdout.write(`${render(p, d)}\n`);
  p.context.exitCode = 1;
}

/** The project's compile errors, then `<command> failed: N compile errors`; exit 1. */
export function reportCompileErrors(p: Printing, command: string, diagnostics: Diagnostic[]): void {
  const blocks = diagnostics.map((d) => render(p, d));
  const last = `${p.terminal.paint.error(`${command} failed:`)} ${plural(diagnostics.length, "compile error")}`;
  p.context.stdout.write(`${blocks.join("\n\n")}\n\n${last}\n`);
  p.context.exitCode = 1;
}
