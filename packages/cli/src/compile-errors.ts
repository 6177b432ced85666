// The diagnostics of a project that doesn't compile, as `jadpo dev`, `build` and `serve` print them
// before saying what they did about it: pretty on a terminal, plain otherwise, then how many more
// there were when the limits cut the list.
import { omittedLine, renderErrorPlain, renderErrorPretty, type Diagnostic, type Paint, type SourceFile } from "@jadpo/compiler";
import { plural } from "./plural.ts";

export interface FailedCompile {
  diagnostics: Diagnostic[];
  omitted: number;
  source: (file: string) => SourceFile | undefined;
}

/**
 * The diagnostics' blocks — pretty with `pretty`'s paint (a terminal's), else plain — and the line
 * that counts those left out (null when none were).
 */
export function compileErrorBlocks(result: FailedCompile, displayPath: (file: string) => string, pretty: Paint | null): { blocks: string[]; more: string | null } {
  const blocks = result.diagnostics.map((d) =>
    pretty !== null ? renderErrorPretty(d, { displayPath, paint: pretty, source: result.source }) : renderErrorPlain(d, { displayPath }),
  );
  return { blocks, more: result.omitted > 0 ? omittedLine(result.omitted) : null };
}

/**
 * What `jadpo build` and `serve` print of a project that doesn't compile: the blocks, the line of
 * those left out, then `<failed> N compile errors` (no newline: the caller ends the line).
 */
export function compileFailureText(result: FailedCompile, displayPath: (file: string) => string, pretty: Paint | null, failed: string): string {
  const { blocks, more } = compileErrorBlocks(result, displayPath, pretty);
  const count = plural(result.diagnostics.length + result.omitted, "compile error");
  return `${blocks.join("\n\n")}${more === null ? "" : `\n${more}`}\n${failed} ${count}`;
}
