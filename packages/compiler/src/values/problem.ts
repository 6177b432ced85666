// Why a value is not a valid value of its type, as data (one rule, one path) and in the one wording
// each rule has: the checker's `decode:` line for a scripted answer and the runtime's decode error
// (answers, recordings, `T(v)`, `jadpo dev`) read the same words. The constraint rules' words are
// in types/constraints.ts; the structural rules' are here.
import type { Type } from "../types/types.ts";
import { printType } from "../types/print-type.ts";
import { THE_ANSWER } from "../vocabulary.ts";

/**
 * The rules a type's constraints make, each spelled here once, in the order a type's constraints
 * are listed (their checks and words: types/constraints.ts; reading them: check/constraint-items.ts).
 */
export const CONSTRAINT_RULES = ["min", "max", "min_length", "max_length", "pattern", "min_items", "max_items"] as const;
export type ConstraintRule = (typeof CONSTRAINT_RULES)[number];

export type ValueRule = "json" | "type" | "missing" | "unknown" | "member" | ConstraintRule;

/** What was wanted and what was there, each in the rule's words. */
export interface Words {
  expected?: string;
  found?: string;
}

export interface ValueProblem extends Words {
  rule: ValueRule;
  /** `resolved_by_articles`, `tags[1]`, `follow_up.note`, or `the answer` for the top level. */
  path: string;
  /** A constraint rule's constraint as declared: `max_length: 40`. */
  constraint?: string;
}

/** `expected Bool, got Text`: the words after a rule and its path. */
export function wordsText(w: Words): string {
  const parts: string[] = [];
  if (w.expected !== undefined) parts.push(`expected ${w.expected}`);
  if (w.found !== undefined) parts.push(`got ${w.found}`);
  return parts.join(", ");
}

/** `` `type` on `resolved_by_articles` `` — the form `decode:` lines and diagnostics use. */
export function formatProblem(p: ValueProblem): string {
  return `\`${p.rule}\` on \`${p.path}\``;
}

/** `` `type` on `resolved_by_articles`: expected Bool, got Text `` — for correction requests and details. */
export function formatProblemDetail(p: ValueProblem): string {
  const words = wordsText(p);
  return words === "" ? formatProblem(p) : `${formatProblem(p)}: ${words}`;
}

/** `tags[1]`, `follow_up.note`; `the answer` for none. */
export function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return THE_ANSWER;
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? key : `.${key}`;
  }
  return out;
}

const EXCERPT = 60;

/** A text as a JSON string literal, cut to a readable length. */
export function quote(text: string): string {
  const chars = Array.from(text);
  return chars.length <= EXCERPT ? JSON.stringify(text) : `${JSON.stringify(chars.slice(0, EXCERPT).join(""))}…`;
}

/** `type`: a value of another kind (`found` is a kind in Jadpo's words: `Text`, `a list`, `none`). */
export function typeWords(expected: string, found: string): Words {
  return { expected, found };
}

/** `missing`: a field without a value. */
export function missingWords(fieldType: Type): Words {
  return { expected: printType(fieldType), found: "nothing" };
}

/** `unknown`: a field the record type doesn't have. */
export function unknownWords(recordType: Type, fields: readonly string[]): Words {
  return { expected: `a field of ${printType(recordType)} (${fields.join(", ")})` };
}

/** `member`: not one of the enum's members (`found`: the text given, or the member name written in code). */
export function memberWords(members: readonly string[], found: string): Words {
  return { expected: `one of ${members.join(", ")}`, found: quote(found) };
}

/** `json`: an answer that isn't one JSON value. */
export function notJsonWords(answerText: string): Words {
  return { expected: "one JSON value", found: quote(answerText) };
}

/** `json`: JSON nested too deeply to read. */
export const TOO_DEEP_WORDS: Readonly<Words> = Object.freeze({ expected: "JSON nested less deeply" });
