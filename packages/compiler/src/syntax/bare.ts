// Bare expression statements as diagnostics. A statement word of another language (`throw Gone`,
// `let x = 1`) reads as two bare expressions on one line: it is one diagnostic, at the word,
// saying what Jadpo writes instead.
import type { Span } from "./ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";

/** Statement words of other languages, and Jadpo's way to say the same (`{next}`: the word after it). */
const FOREIGN: ReadonlyMap<string, string> = new Map([
  ["throw", "A failure leaves with `reject`: write `reject {next}`"],
  ["raise", "A failure leaves with `reject`: write `reject {next}`"],
  ["let", "Declare a name with `var {next} = …` (`var mut` for one that changes)"],
  ["const", "Declare a name with `var {next} = …` (`var mut` for one that changes)"],
  ["val", "Declare a name with `var {next} = …` (`var mut` for one that changes)"],
  ["while", "Loop over a list with `for x in list { … }`"],
]);

/** The diagnostics for a declaration's bare statements (`spans`, in any order); `text` is the file's. */
export function bareDiagnostics(spans: readonly Span[], text: string): Diagnostic[] {
  if (spans.length === 0) return [];
  const sorted = spans.length === 1 ? spans : [...spans].sort((a, b) => a.start - b.start);
  const out: Diagnostic[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const span = sorted[k];
    const word = text.slice(span.start, span.end);
    const step = FOREIGN.get(word);
    // A word of another language when something follows it on its line.
    const rest = step === undefined ? null : /^[ \t]+(\S)/.exec(text.slice(span.end, span.end + 200));
    if (step !== undefined && rest !== null) {
      const next = nameAt(text, span.end + rest[0].length - 1);
      out.push(diagnostic("syntax.expected", span, {
        expected: "a statement", found: `\`${word}\``, step: step.replace("{next}", next ?? (word === "throw" || word === "raise" ? "Failure" : "name")),
      }));
    } else out.push(diagnostic("syntax.bare_expression", span));
    // The rest of the line belongs to the same mistake.
    while (k + 1 < sorted.length && sorted[k + 1].line === lineAtEnd(sorted[k], text)) k++;
  }
  return out;
}

/** The line a span ends on (a span's own line, unless it holds a line break). */
function lineAtEnd(span: Span, text: string): number {
  let line = span.line;
  for (let i = text.indexOf("\n", span.start); i !== -1 && i < span.end; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** The name at `offset`, if one starts there. */
function nameAt(text: string, offset: number): string | null {
  const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(offset, offset + 80));
  return match === null ? null : match[0];
}
