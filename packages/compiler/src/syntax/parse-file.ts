// Parsing one file: bytes → text → tokens → declarations, with every syntax problem as a
// diagnostic. One mistake gives one diagnostic: the first error of a declaration ends it (it is
// kept as far as it was read, marked `incomplete`), and a declaration with a lexer error reports
// nothing more.
//
// Two parsers read each declaration. The hand-written one (fast/fast-parser.ts) goes first: it
// reads a well-formed declaration into exactly the tree the chevrotain parser (parser.ts) would
// build, and gives up (null) on anything else. Only then is the chevrotain parser built (its
// grammar analysis costs every process that needs it) and run on that declaration, so every
// error, `incomplete` declaration and diagnostic is chevrotain's. A declaration of a construct
// this toolchain doesn't cover (unsupported.ts) reaches neither: it is one `syntax.unsupported`.
import type { Decl, FileKind, Ident, SyntaxFile } from "./ast.ts";
import { SourceFile } from "../source/source-file.ts";
import { decodeSource } from "../source/decode.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { lex } from "./lexer.ts";
import type { TokenStream } from "./token-stream.ts";
import { MAX_FILE_BYTES } from "../vocabulary.ts";
import type { Tok } from "./tokens.ts";
import { theParser, type JadpoParser } from "./parser.ts";
import { FastParser } from "./fast/fast-parser.ts";
import { MAX_DEPTH, declarationStarts, firstTooDeep } from "./declarations.ts";
import { unsupportedAt, unsupportedStep } from "./unsupported.ts";
import { KeptPrefix } from "./kept-prefix.ts";
import { runSteps, type Steps } from "../steps.ts";
import { bareDiagnostics } from "./bare.ts";
import { ChainedComparison, spanOf } from "./build-ast.ts";
import { fileStart } from "../source/span.ts";
import {
  ParseStop, TooDeep, chainedComparisonDiagnostic, recognitionDiagnostic, stopDiagnostic, tooDeepDiagnostic,
  type ErrorPlace,
} from "./parse-errors.ts";

/** At most this many syntax diagnostics per file. */
const MAX_DIAGNOSTICS = 25;

export interface ParsedFile {
  source: SourceFile;
  syntax: SyntaxFile;
  diagnostics: Diagnostic[];
  /** Every `//` comment's start and end offsets in `source.text`, in pairs, in order. */
  comments: readonly number[];
  /** Syntax errors past the first 25, counted but not kept. */
  omitted?: number;
}

/** `limit.file_too_large` for a file of `bytes` bytes, or null when it is within the limit. */
export function checkSize(bytes: number, path: string): Diagnostic | null {
  if (bytes <= MAX_FILE_BYTES) return null;
  const size = `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  return diagnostic("limit.file_too_large", fileStart(path), { size });
}

/** The one hand-written parser of the process (it keeps no state between declarations; cheap to make). */
const theFastParser = new FastParser();

/** `previous`: the file's last parse (an editor's), whose declarations before the change are kept (kept-prefix.ts). */
export function parseFile(path: string, kind: FileKind, input: string | Uint8Array, previous?: ParsedFile): ParsedFile {
  return runSteps(parseSteps(path, kind, input, previous));
}

/** parseFile in steps: a pause after each declaration it parses (an editor answers requests between them). */
export function* parseSteps(path: string, kind: FileKind, input: string | Uint8Array, previous?: ParsedFile): Steps<ParsedFile> {
  const { text, badUtf8 } = decodeSource(input);
  const kept = previous ? KeptPrefix.of(previous, path, kind, text) : null;
  const source = new SourceFile(path, text);
  const lexed = lex(text, path, badUtf8);
  const stream = lexed.stream;
  const count = stream.count;
  const lexDiagnostics = [...lexed.diagnostics].sort((a, b) => a.span!.start - b.span!.start);
  const diagnostics: Diagnostic[] = [];
  // Where constructs this toolchain doesn't cover stand: nothing inside them is reported but that.
  const skipped: { start: number; end: number }[] = [];
  const decls: Decl[] = [];
  const locals: Ident[] = [];
  let parser: JadpoParser | null = null;

  const starts = declarationStarts(stream);
  const place = new DeclarationPlace(source, stream);
  let lexIndex = 0;
  for (let c = 0; c < starts.length; c++) {
    const from = starts[c];
    const to = c + 1 < starts.length ? starts[c + 1] : count;
    if (from >= to) continue;
    // Lexer problems inside this declaration silence its parse errors (they are usually the cause).
    const startOffset = c === 0 ? 0 : stream.starts[from];
    const endOffset = to < count ? stream.starts[to] : text.length + 1;
    const same = kept?.take(stream, to, decls.length, startOffset, endOffset);
    if (same) {
      decls.push(same.decl);
      for (const local of same.locals) locals.push(local);
      continue;
    }
    while (lexIndex < lexDiagnostics.length && lexDiagnostics[lexIndex].span!.start < startOffset) lexIndex++;
    let quiet = lexIndex < lexDiagnostics.length && lexDiagnostics[lexIndex].span!.start < endOffset;

    const construct = unsupportedAt(stream, from);
    if (construct !== null) {
      const word = stream.tok(from);
      diagnostics.push(diagnostic("syntax.unsupported", spanOf(path, word, word), { construct, step: unsupportedStep(stream, from, construct) }));
      skipped.push({ start: startOffset, end: endOffset });
      continue;
    }

    let end = to;
    const deep = firstTooDeep(stream, from, to, MAX_DEPTH);
    if (deep >= 0) {
      diagnostics.push(tooDeepDiagnostic(stream.tok(deep), path));
      end = deep; // nothing deeper is read
      quiet = true;
    }
    const tokens = stream.window(from, end);
    // The hand-written parser first; what it leaves (null) goes to chevrotain, built when first needed.
    const fastDecl = deep < 0 ? theFastParser.parse(path, tokens, stream.types.subarray(from, end)) : null;
    let declared: Ident[];
    if (fastDecl !== null) {
      decls.push(fastDecl);
      const bare = theFastParser.bare;
      if (!quiet) for (const d of bareDiagnostics(bare, text)) diagnostics.push(d);
      declared = theFastParser.locals;
    } else {
      place.end = end;
      parser ??= theParser();
      const found = parseDeclaration(parser, path, tokens, place);
      if (found.decl !== undefined) {
        if (found.incomplete) {
          found.decl.incomplete = true;
          const last = stream.ends[Math.max(from, end - 1)];
          found.decl.span = { ...found.decl.span, end: Math.max(found.decl.span.end, last) };
        }
        decls.push(found.decl);
      }
      // A loop, not push(...): one declaration can hold any number of mistakes.
      if (!quiet) for (let k = 0; k < found.diagnostics.length; k++) diagnostics.push(found.diagnostics[k]);
      declared = parser.locals;
    }
    for (let k = 0; k < declared.length; k++) locals.push(declared[k]);
    yield;
  }

  // Both are in offset order: one pass drops the lexer's problems inside skipped constructs.
  for (let k = 0, s = 0; k < lexDiagnostics.length; k++) {
    const at = lexDiagnostics[k].span!.start;
    while (s < skipped.length && skipped[s].end <= at) s++;
    if (s < skipped.length && at >= skipped[s].start) continue;
    diagnostics.push(lexDiagnostics[k]);
  }
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return { source, syntax: { path, kind, decls, locals }, diagnostics: diagnostics.slice(0, MAX_DIAGNOSTICS), comments: lexed.comments, omitted: Math.max(0, diagnostics.length - MAX_DIAGNOSTICS) };
}

/** Where an error of the declaration being read is: the token after it is made only for an error. */
class DeclarationPlace implements ErrorPlace {
  /** The index of the token after the declaration. */
  end = 0;
  constructor(readonly source: SourceFile, private readonly stream: TokenStream) {}

  get next(): Tok | null {
    return this.end < this.stream.count ? this.stream.tok(this.end) : null;
  }
}

interface DeclResult {
  decl: Decl | undefined;
  incomplete: boolean;
  diagnostics: Diagnostic[];
}

function parseDeclaration(parser: JadpoParser, path: string, tokens: Tok[], place: ErrorPlace): DeclResult {
  const diagnostics: Diagnostic[] = [];
  let decl: Decl | undefined;
  let failed = false;
  try {
    decl = parser.parseDecl(path, tokens);
    if (parser.errors.length > 0) {
      failed = decl === undefined;
      diagnostics.push(recognitionDiagnostic(parser.errors[0], parser.open, tokens[tokens.length - 1], place, tokens));
    }
  } catch (error) {
    failed = true;
    if (error instanceof ParseStop) diagnostics.push(stopDiagnostic(error, place));
    else if (error instanceof TooDeep) diagnostics.push(tooDeepDiagnostic(error.token, path));
    else if (error instanceof ChainedComparison) diagnostics.push(chainedComparisonDiagnostic(error.op, place));
    else if (isStackOverflow(error)) diagnostics.push(tooDeepDiagnostic(parser.deepest ?? tokens[0], path));
    else throw error;
  }
  for (const d of bareDiagnostics(parser.bare, place.source.text)) diagnostics.push(d);
  if (failed || decl === undefined) return { decl: parser.partial ?? undefined, incomplete: true, diagnostics };
  return { decl, incomplete: false, diagnostics };
}

/**
 * The nesting limit keeps the parser well inside a default stack; this is the last line of
 * defence. Any RangeError counts: when the stack runs out between chevrotain's rule bookkeeping
 * steps, its cleanup on the way out fails with "Invalid array length" instead (the next
 * declaration starts from a reset parser).
 */
function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError;
}
