// Parse errors in Jadpo's own words (docs/diagnostics.md): what was expected, what was found, and which open
// construct a missing closer belongs to. Chevrotain's own wording never gets out of here: its
// message provider (parser-base.ts) only hands over markers and Jadpo phrases, read below.
import type { IToken } from "chevrotain";
import { EOF } from "chevrotain";
import type { Span } from "./ast.ts";
import type { SourceFile } from "../source/source-file.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { describeOpen, takesCommas, type OpenConstruct } from "./open-constructs.ts";
import * as T from "./tokens.ts";
import { closingBraceLine, unclosedBraceLine } from "./brace-suspect.ts";
import type { Tok } from "./tokens.ts";

/** A mismatched token: the marker then the expected token type's name. */
export const MARK_TOKEN = "\u0000token:";
/** Tokens left over after a whole declaration. */
export const MARK_REDUNDANT = "\u0000redundant";

/** Thrown by the grammar's actions for errors chevrotain can't see (e.g. a bare name as a pattern). */
export class ParseStop {
  constructor(readonly token: Tok, readonly expected: string, readonly step?: string) {}
}

/** Thrown when nesting (brackets, blocks, operators) goes deeper than the limit. */
export class TooDeep {
  constructor(readonly token: Tok) {}
}

/** Where an error is: the file, and the token after this declaration (what "the end" really is). */
export interface ErrorPlace {
  source: SourceFile;
  /** The first token of the next declaration, or null at the end of the file. */
  next: Tok | null;
}

const closers = new Map<string, string>([
  [T.RBrace.name, "}"], [T.RParen.name, ")"], [T.RBracket.name, "]"], [T.Greater.name, ">"],
]);
const typesByName = new Map(T.allTokenTypes.map((t) => [t.name, t]));

const isEof = (tok: IToken | undefined): boolean => tok === undefined || tok.tokenType === EOF || Number.isNaN(tok.startOffset);

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join("") + "…" : text;
}

/** A token as the found thing in "Expected X, found Y". */
export function describeFound(tok: IToken): string {
  if (isEof(tok)) return "the end of the file";
  const type = tok.tokenType;
  if (type === T.Ident) return `the name \`${tok.image}\``;
  if (type === T.TextLit) {
    const firstLine = tok.image.split("\n")[0];
    return `the text ${shorten(firstLine, 24)}`;
  }
  if (type === T.IntLit || type === T.DecimalLit) return `the number \`${tok.image}\``;
  if (type === T.DurationLit) return `the duration \`${tok.image}\``;
  return `\`${tok.image}\``;
}

/** The token before the error, for phrases like "a type after `:`". */
function describePrevious(tok: IToken | undefined): string {
  if (isEof(tok)) return "the start of the declaration";
  if (tok!.tokenType === T.TextLit) return "the text";
  return `\`${shorten(tok!.image, 24)}\``;
}

function tokenSpan(file: string, tok: Tok): Span {
  return { file, line: tok.startLine, column: tok.startColumn, start: tok.startOffset, end: tok.end };
}

/** The span and description of what was found; the end of a declaration is really the next one. */
function foundAt(tok: IToken, place: ErrorPlace): { span: Span; found: string } {
  const file = place.source.path;
  if (!isEof(tok)) return { span: tokenSpan(file, tok as Tok), found: describeFound(tok) };
  if (place.next !== null) return { span: tokenSpan(file, place.next), found: describeFound(place.next) };
  const end = place.source.text.length;
  const { line, column } = place.source.position(end);
  return { span: { file, line, column, start: end, end }, found: "the end of the file" };
}

function expectedDiagnostic(expected: string, step: string, tok: IToken, place: ErrorPlace): Diagnostic {
  const { span, found } = foundAt(tok, place);
  return diagnostic("syntax.expected", span, { expected, found, step });
}

const DECLARATION_STEP =
  "Start each top-level declaration with `use`, `type`, `failure`, `function`, `action`, `fixtures`, `prompt`, `connection`, `locales` or `test`";

/** A chevrotain recognition error, in Jadpo's words. */
export function recognitionDiagnostic(
  error: { message: string; token: IToken; previousToken?: IToken },
  open: readonly OpenConstruct[],
  previousFallback: IToken | undefined,
  place: ErrorPlace,
  /** The declaration's tokens, for the brace a missing `}` most likely belongs to. */
  tokens?: readonly Tok[],
): Diagnostic {
  const previous = error.previousToken ?? previousFallback;
  const message = error.message;
  if (message === MARK_REDUNDANT) {
    // What follows a whole declaration: a `}` before it most likely closed the declaration early.
    const extra = tokens === undefined ? null : closingBraceLine(tokens, error.token.startOffset);
    const step = extra === null || extra === (error.token as Tok).startLine
      ? DECLARATION_STEP
      : `The \`}\` on line ${extra} closes the declaration begun on line ${tokens![0].startLine}: remove it if it is one \`}\` too many, or start a declaration here with a word such as \`type\`, \`action\` or \`test\``;
    return expectedDiagnostic("a declaration", step, error.token, place);
  }
  if (message.startsWith(MARK_TOKEN)) {
    const typeName = message.slice(MARK_TOKEN.length);
    const closer = closers.get(typeName);
    const top = open.length > 0 ? open[open.length - 1] : undefined;
    if (closer !== undefined && top !== undefined && top.closer === closer) {
      const what = describeOpen(top);
      const comma = takesCommas(top) && !isEof(error.token);
      // A `}` that lines up with another `{` than its own points at the brace really left open.
      const suspect = closer === "}" && tokens !== undefined ? unclosedBraceLine(tokens) : null;
      const close = suspect !== null && suspect !== top.line
        ? `The \`{\` on line ${suspect} looks left open (a \`}\` below it lines up with an outer \`{\` instead): add its \`}\``
        : `Close ${what} with \`${closer}\``;
      return expectedDiagnostic(
        `${comma ? "`,` or " : ""}a \`${closer}\` to close ${what} opened on line ${top.line}`,
        comma ? `Separate the items with \`,\`, or close ${what} with \`${closer}\`` : close,
        error.token,
        place,
      );
    }
    const type = typesByName.get(typeName);
    const shown = type === T.Ident ? "a name" : type === T.TextLit ? "a text" : (type?.LABEL ?? "something else");
    const expected = `${shown} after ${describePrevious(previous)}`;
    return expectedDiagnostic(expected, `Write ${expected}`, error.token, place);
  }
  const expected = message.replace("{prev}", describePrevious(previous));
  const step = expected === "a declaration" ? DECLARATION_STEP : `Write ${expected}`;
  return expectedDiagnostic(expected, step, error.token, place);
}

/** An error found by the grammar's own actions. */
export function stopDiagnostic(stop: ParseStop, place: ErrorPlace): Diagnostic {
  return expectedDiagnostic(stop.expected, stop.step ?? `Write ${stop.expected}`, stop.token, place);
}

/** `a < b < c`: comparisons don't chain. */
export function chainedComparisonDiagnostic(op: Tok, place: ErrorPlace): Diagnostic {
  return expectedDiagnostic(
    "`and` or `or` between two comparisons",
    "Join the comparisons with `and` or `or`, as in `a < b and b < c`",
    op,
    place,
  );
}

export function tooDeepDiagnostic(tok: Tok, file: string): Diagnostic {
  return diagnostic("limit.too_deep", tokenSpan(file, tok));
}
