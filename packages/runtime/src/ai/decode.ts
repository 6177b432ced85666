// Decoding an answer into T (docs/ai.md). A Text-based T takes the whole answer verbatim, then its
// constraints; any other T takes exactly one JSON value (a lone fenced block is unwrapped). The
// value is judged by the compiler's one validator (decodeJson), which the checker's literals share
// rules and words with. One error is reported: the first, in field declaration order.
import { THE_ANSWER, decodeJson, formatProblem, formatProblemDetail, isTextBased, notJsonWords, type Type, type ValueProblem, type ValueRule } from "@jadpo/compiler";
import type { Value } from "../values/value.ts";

/** Why an answer doesn't decode: one rule and one path (docs/ai.md), plus what was expected and found. */
export type DecodeError = ValueProblem;
export type DecodeRule = ValueRule;

export type DecodeResult = { ok: true; value: Value } | { ok: false; error: DecodeError };

/** `` `type` on `resolved_by_articles` `` — the form `decode:` lines and diagnostics use. */
export const formatDecodeError: (e: DecodeError) => string = formatProblem;

/** `` `type` on `resolved_by_articles`: expected Bool, got Text `` — for correction requests and details. */
export const formatDecodeErrorDetail: (e: DecodeError) => string = formatProblemDetail;

/**
 * The error's path under `prefix`, for a value decoded as part of a larger one: the whole value is
 * `prefix` itself (`order`), a field `prefix.field` (`order.lines`), an item `prefix[i]`.
 */
export function errorUnder(prefix: string, error: DecodeError): DecodeError {
  if (error.path === THE_ANSWER) return { ...error, path: prefix };
  return { ...error, path: error.path.startsWith("[") ? `${prefix}${error.path}` : `${prefix}.${error.path}` };
}

/** An answer a model (or a script's `raw(...)`, or a recording) gave, decoded as `type`. */
export function decodeAnswer(type: Type, answerText: string): DecodeResult {
  if (isTextBased(type)) return decodeValue(type, answerText);
  const notJson = (): DecodeResult => ({ ok: false, error: { rule: "json", path: THE_ANSWER, ...notJsonWords(answerText) } });
  const text = unwrapFence(answerText);
  // Answers that aren't JSON are common (a correction's first attempt, every seed of a sweep):
  // most are told by their first character, without a SyntaxError; the rest throw one that is
  // never shown, so it captures no stack.
  if (surelyNotJson(text)) return notJson();
  let json: unknown;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    json = JSON.parse(text);
  } catch {
    return notJson();
  } finally {
    Error.stackTraceLimit = limit;
  }
  return decodeValue(type, json);
}

/** JSON's own whitespace (JSON.parse allows no other around a value). */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * True only where JSON.parse would throw: a JSON text starts, after whitespace, with `{`, `[`,
 * `"`, `-` or a digit, or is exactly `true`, `false` or `null` with whitespace around it.
 * False says nothing (JSON.parse decides).
 */
export function surelyNotJson(text: string): boolean {
  const n = text.length;
  let i = 0;
  while (i < n && isJsonSpace(text.charCodeAt(i))) i++;
  if (i === n) return true;
  const first = text[i];
  if (first === "{" || first === "[" || first === '"' || first === "-" || (first >= "0" && first <= "9")) return false;
  const word = first === "t" ? "true" : first === "f" ? "false" : first === "n" ? "null" : null;
  if (word === null || !text.startsWith(word, i)) return true;
  let j = i + word.length;
  while (j < n && isJsonSpace(text.charCodeAt(j))) j++;
  return j !== n;
}

/** Already-parsed JSON (a recording's `answer`) decoded as `type`; a Text-based type wants a JSON string. */
export function decodeValue(type: Type, json: unknown): DecodeResult {
  const decoded = decodeJson(type, json);
  return decoded.ok ? decoded : { ok: false, error: decoded.problem };
}

const FENCE = /^\s*```(?:json)?[^\S\r\n]*\r?\n([\s\S]*?)\r?\n[^\S\r\n]*```\s*$/i;

/** The inside of a single fenced block (```json or ```) with only whitespace around it; else the text. */
export function unwrapFence(text: string): string {
  if (!text.includes("```")) return text;
  const m = FENCE.exec(text);
  if (m === null || m[1].includes("```")) return text;
  return m[1];
}
