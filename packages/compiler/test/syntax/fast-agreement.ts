// The differential check of the two parsers: every declaration of a text, cut as parseFile cuts
// it, read by the hand-written parser and by the chevrotain parser. Where the hand-written one
// answers, chevrotain must have read the declaration without error into the same tree: same
// values, same property order in every object (JSON and key lists), the same objects shared
// (spans, the empty type-argument list), the same `locals` and `bare`. Used by
// fast-parser.test.ts and by `pnpm fuzz` (bench/fuzz/run.ts).
import { decodeSource } from "../../src/source/decode.ts";
import { lex } from "../../src/syntax/lexer.ts";
import { MAX_DEPTH, declarationStarts, firstTooDeep } from "../../src/syntax/declarations.ts";
import { theParser } from "../../src/syntax/parser.ts";
import { FastParser } from "../../src/syntax/fast/fast-parser.ts";
import { NO_TYPE_ARGS } from "../../src/syntax/build-ast.ts";
import type { Decl } from "../../src/syntax/ast.ts";

export interface Agreement {
  /** Declarations read. */
  decls: number;
  /** Declarations the hand-written parser answered (the rest it left to chevrotain). */
  handled: number;
  /** Declarations chevrotain read without error. */
  clean: number;
  /** One line per declaration where the two differ. */
  disagreements: string[];
}

const fast = new FastParser();

/** Compares the two parsers on every declaration of `input` (a file's bytes or text). */
export function compareParsers(path: string, input: string | Uint8Array): Agreement {
  const { text, badUtf8 } = decodeSource(input);
  const stream = lex(text, path, badUtf8).stream;
  const starts = declarationStarts(stream);
  const result: Agreement = { decls: 0, handled: 0, clean: 0, disagreements: [] };
  for (let c = 0; c < starts.length; c++) {
    const from = starts[c];
    const to = c + 1 < starts.length ? starts[c + 1] : stream.count;
    if (from >= to) continue;
    result.decls++;
    const deep = firstTooDeep(stream, from, to, MAX_DEPTH);
    const end = deep >= 0 ? deep : to;
    const tokens = stream.window(from, end);
    const where = `${path} declaration ${c} (line ${stream.lines[from]})`;
    const mine = deep >= 0 ? null : fast.parse(path, tokens, stream.types.subarray(from, end));
    const chevrotain = chevrotainParse(path, tokens);
    if (chevrotain !== null) result.clean++;
    if (mine === null) continue;
    result.handled++;
    if (chevrotain === null) {
      result.disagreements.push(`${where}: the hand-written parser read a declaration chevrotain rejects`);
      continue;
    }
    const problem = difference(mine, chevrotain.decl) ?? listDifference("locals", fast.locals, chevrotain.locals) ?? listDifference("bare", fast.bare, chevrotain.bare);
    if (problem !== null) result.disagreements.push(`${where}: ${problem}`);
  }
  return result;
}

/** What chevrotain reads, or null when it reports anything. */
function chevrotainParse(path: string, tokens: Parameters<FastParser["parse"]>[1]): { decl: Decl; locals: unknown[]; bare: unknown[] } | null {
  const parser = theParser();
  try {
    const decl = parser.parseDecl(path, tokens);
    if (decl === undefined || parser.errors.length > 0) return null;
    return { decl, locals: parser.locals, bare: parser.bare };
  } catch {
    return null;
  }
}

function listDifference(name: string, a: unknown[], b: unknown[]): string | null {
  return JSON.stringify(a) === JSON.stringify(b) ? null : `${name} differ: ${JSON.stringify(a).slice(0, 300)} vs ${JSON.stringify(b).slice(0, 300)}`;
}

/** The first difference between two trees (values, key order, sharing, frozenness), or null. */
export function difference(a: unknown, b: unknown): string | null {
  const json = [JSON.stringify(a), JSON.stringify(b)];
  if (json[0] !== json[1]) {
    let k = 0;
    while (k < json[0].length && json[0][k] === json[1][k]) k++;
    return `trees differ at character ${k}: …${json[0].slice(Math.max(0, k - 80), k + 80)}… vs …${json[1].slice(Math.max(0, k - 80), k + 80)}…`;
  }
  const seenA = new Map<object, string>();
  const seenB = new Map<object, string>();
  const walk = (x: unknown, y: unknown, at: string): string | null => {
    if (typeof x !== "object" || x === null || typeof y !== "object" || y === null) return x === y ? null : `${at}: ${String(x)} vs ${String(y)}`;
    if ((x === NO_TYPE_ARGS) !== (y === NO_TYPE_ARGS)) return `${at}: only one is the shared empty type-argument list`;
    const firstA = seenA.get(x);
    if (firstA !== seenB.get(y)) return `${at}: shared with ${firstA ?? "nothing"} in one tree, ${seenB.get(y) ?? "nothing"} in the other`;
    if (firstA !== undefined) return null;
    seenA.set(x, at);
    seenB.set(y, at);
    if (Object.isFrozen(x) !== Object.isFrozen(y) || Array.isArray(x) !== Array.isArray(y)) return `${at}: frozen or array in one tree only`;
    const keysA = Object.keys(x);
    const keysB = Object.keys(y);
    if (keysA.join() !== keysB.join()) return `${at}: keys ${keysA.join()} vs ${keysB.join()}`;
    for (const key of keysA) {
      const problem = walk((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${at}.${key}`);
      if (problem !== null) return problem;
    }
    return null;
  };
  return walk(a, b, "decl");
}
