// A decode error is data: one rule and one path (docs/ai.md), plus what was expected and found for
// the longer form. This file turns zod's first issue into one, and writes it as text.
import type { core } from "zod";
import { codePointLength, printType, THE_ANSWER, type Type } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";
import { isUnicodeText, type RuleParams } from "./schema.ts";

export type DecodeRule =
  | "json" | "type" | "missing" | "unknown" | "member" | "min" | "max"
  | "min_length" | "max_length" | "pattern" | "min_items" | "max_items";

export interface DecodeError {
  rule: DecodeRule;
  /** `resolved_by_articles`, `tags[1]`, `follow_up.note`, or `the answer` for the top level. */
  path: string;
  expected?: string;
  found?: string;
}


/** `` `type` on `resolved_by_articles` `` — the form `decode:` lines and diagnostics use. */
export function formatDecodeError(e: DecodeError): string {
  return `\`${e.rule}\` on \`${e.path}\``;
}

/** `` `type` on `resolved_by_articles`: expected Bool, got Text `` — for correction requests and details. */
export function formatDecodeErrorDetail(e: DecodeError): string {
  const parts: string[] = [];
  if (e.expected !== undefined) parts.push(`expected ${e.expected}`);
  if (e.found !== undefined) parts.push(`got ${e.found}`);
  return parts.length === 0 ? formatDecodeError(e) : `${formatDecodeError(e)}: ${parts.join(", ")}`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return THE_ANSWER;
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Our error for zod's issue about `input` decoded as `root`. */
export function issueToDecodeError(issue: core.$ZodIssue, input: unknown, root: Type): DecodeError {
  const path = issue.path;
  const at = valueAt(input, path);
  const type = typeAt(root, path);
  const here = formatPath(path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const key = issue.keys[0] ?? "";
      const fields = type === undefined ? [] : fieldNames(type);
      return {
        rule: "unknown",
        path: formatPath([...path, key]),
        expected: type === undefined ? undefined : `a field of ${printType(type)} (${fields.join(", ")})`,
      };
    }
    case "invalid_type": {
      if (path.length > 0) {
        const parent = valueAt(input, path.slice(0, -1));
        const key = path[path.length - 1];
        if (isRecord(parent) && typeof key === "string" && !Object.hasOwn(parent, key)) {
          return { rule: "missing", path: here, expected: type === undefined ? undefined : printType(type) };
        }
      }
      return typeError(here, type, at);
    }
    case "invalid_value": {
      if (typeof at !== "string") return typeError(here, type, at);
      const tags = type === undefined ? [] : memberTags(type);
      return { rule: "member", path: here, expected: `one of ${tags.join(", ")}`, found: quote(at) };
    }
    case "too_small":
      if (issue.origin === "array") {
        return { rule: "min_items", path: here, expected: `at least ${items(Number(issue.minimum))}`, found: items(lengthOf(at)) };
      }
      return { rule: "min", path: here, expected: `at least ${String(issue.minimum)}`, found: String(at) };
    case "too_big":
      if (issue.origin === "array") {
        return { rule: "max_items", path: here, expected: `at most ${items(Number(issue.maximum))}`, found: items(lengthOf(at)) };
      }
      return { rule: "max", path: here, expected: `at most ${String(issue.maximum)}`, found: String(at) };
    case "custom": {
      const rule = (issue.params as Partial<RuleParams> | undefined)?.rule ?? "type";
      return constraintError(rule, here, type, at);
    }
    default:
      return typeError(here, type, at);
  }
}

function constraintError(rule: RuleParams["rule"], path: string, type: Type | undefined, at: unknown): DecodeError {
  const c = type === undefined ? undefined : constraintsOf(type);
  const length = typeof at === "string" ? codePointLength(at) : 0;
  switch (rule) {
    case "min_length":
      return { rule, path, expected: `at least ${characters(c?.min_length ?? 0)}`, found: characters(length) };
    case "max_length":
      return { rule, path, expected: `at most ${characters(c?.max_length ?? 0)}`, found: characters(length) };
    case "pattern":
      return { rule, path, expected: `text matching ${c?.pattern ?? ""}`, found: typeof at === "string" ? quote(at) : undefined };
    case "type":
      return typeError(path, type, at);
  }
}

function typeError(path: string, type: Type | undefined, at: unknown): DecodeError {
  let expected = type === undefined ? undefined : printType(type);
  const shape = type === undefined ? undefined : shapeOf(type.kind === "optional" ? type.inner : type);
  if (shape?.kind === "scalar" && shape.base === "Instant") expected = `${expected} as ISO 8601 text (2026-01-01T00:00:00Z)`;
  if (shape?.kind === "scalar" && shape.base === "Duration") expected = `${expected} as duration text (15m)`;
  const found = typeof at === "string" && !isUnicodeText(at) ? "text that isn't Unicode (half of a surrogate pair)" : kindOf(at);
  return { rule: "type", path, expected, found };
}

/** A JSON value's kind in Jadpo's words, for `got ...`. */
export function kindOf(json: unknown): string {
  if (json === null) return "none";
  if (json === undefined) return "nothing";
  if (typeof json === "string") return "Text";
  if (typeof json === "boolean") return "Bool";
  if (typeof json === "number") {
    if (Number.isSafeInteger(json)) return "Int";
    if (Number.isInteger(json)) return "an integer beyond ±(2^53−1)";
    return Number.isFinite(json) ? "Decimal" : "a number out of range";
  }
  if (Array.isArray(json)) return "a list";
  return "an object";
}

const EXCERPT = 60;

/** A text as a JSON string literal, cut to a readable length. */
export function quote(text: string): string {
  const chars = Array.from(text);
  return chars.length <= EXCERPT ? JSON.stringify(text) : `${JSON.stringify(chars.slice(0, EXCERPT).join(""))}…`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** The declared type at a path, seeing through `T?`. */
function typeAt(root: Type, path: readonly PropertyKey[]): Type | undefined {
  let t: Type | undefined = root;
  for (const key of path) {
    if (t === undefined) return undefined;
    while (t.kind === "optional") t = t.inner;
    const shape = shapeOf(t);
    if (shape.kind === "object" && typeof key === "string") t = shape.fields.find((f) => f.name === key)?.type;
    else if (shape.kind === "list" && typeof key === "number") t = shape.item;
    else return undefined;
  }
  return t;
}

function constraintsOf(type: Type) {
  const shape = shapeOf(type.kind === "optional" ? type.inner : type);
  return shape.kind === "scalar" ? shape.constraints : undefined;
}

function fieldNames(type: Type): string[] {
  const shape = shapeOf(type.kind === "optional" ? type.inner : type);
  return shape.kind === "object" ? shape.fields.map((f) => f.name) : [];
}

function memberTags(type: Type): string[] {
  const shape = shapeOf(type.kind === "optional" ? type.inner : type);
  return shape.kind === "enum" ? shape.members.map((m) => m.tag) : [];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function lengthOf(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

function items(n: number): string {
  return n === 1 ? "1 item" : `${n} items`;
}

function characters(n: number): string {
  return n === 1 ? "1 character" : `${n} characters`;
}
