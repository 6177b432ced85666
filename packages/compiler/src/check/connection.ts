// Project-wide declarations of app.jadpo: `locales` (the members of Locale) and the ai
// `connection` (docs/language.md), read into data; `env(...)` stays unevaluated until a real call.
import type { ConnectionDecl, LocalesDecl } from "../syntax/ast.ts";
import type { ModuleGraph } from "../modules/graph.ts";
import type { ConnectionInfo, RetriesInfo } from "./program.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { report, type Checker } from "./context.ts";
import { badEntry, configText, entriesByName, exprOf, positiveIntValue, wordValue } from "./config-entries.ts";
import { localeMemberName } from "./prelude.ts";

export const DEFAULT_EMBEDDING_DIMENSIONS = 16;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** `max_answer`: the longest model answer a call accepts, in bytes of UTF-8 text (1 MiB). */
export const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;
/** `retries:` when the connection doesn't say (and when there is no connection): two retries, 1s then 2s. */
export const DEFAULT_RETRIES: Readonly<RetriesInfo> = Object.freeze({ max: 2, backoffMs: 1000 });
/** The most retries `retries.max` may ask for. */
export const MAX_RETRIES = 10;

/**
 * A tag in BCP 47's canonical case: language lower (`en`), script title (`Latn`), region upper
 * (`GB`, or digits), anything after lower: `en-us` → `en-US`.
 */
function canonicalCase(tag: string): string {
  return tag.split("-").map((part, i) => {
    if (i === 0) return part.toLowerCase();
    if (/^[A-Za-z]{4}$/.test(part)) return `${part[0].toUpperCase()}${part.slice(1).toLowerCase()}`;
    if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
    return part.toLowerCase();
  }).join("-");
}

/** The Locale tags and the default: from `locales`, or `en-GB` alone. Problems go to `out`. */
export function readLocales(graph: ModuleGraph, out: Diagnostic[]): { tags: string[]; default: string } {
  const fallback = { tags: ["en-GB"], default: "en-GB" };
  const decls: LocalesDecl[] = [];
  for (const file of graph.files) for (const decl of file.syntax.decls) if (decl.kind === "locales") decls.push(decl);
  if (decls.length === 0) return fallback;
  const sink = { diagnostics: out };
  for (const extra of decls.slice(1)) {
    out.push(diagnostic("type.repeated_entry", extra.span, { entry: "locales", owner: "app.jadpo" }));
  }
  const decl = decls[0];
  const entries = entriesByName(sink, decl.entries, ["default", "supported"], "`locales`");
  const tags: string[] = [];
  const supported = entries.get("supported");
  if (supported) {
    const expr = exprOf(supported.value);
    if (expr && expr.kind === "list" && expr.items.every((i) => i.kind === "text")) {
      const members = new Set<string>();
      for (const item of expr.items) {
        if (item.kind !== "text") continue;
        const member = localeMemberName(item.value);
        const tag = canonicalCase(item.value);
        if (!/^[a-z][a-z0-9_]*$/.test(member)) {
          report(sink, diagnostic("type.bad_word", item.span, { word: item.value, what: "a locale tag", suggestion: 'Write a tag such as `"en-GB"`' }));
          continue;
        }
        // Reported, then read as meant, so the default and the members don't fail again because of it.
        if (tag !== item.value) report(sink, diagnostic("type.bad_locale", item.span, { tag: item.value, canonical: tag }, [], changeTo(item.span, `"${tag}"`)));
        if (members.has(member)) {
          report(sink, diagnostic("type.repeated_entry", item.span, { entry: item.value, owner: "`supported`" }));
        } else {
          members.add(member);
          tags.push(tag);
        }
      }
    } else badEntry(sink, supported.value.span, "supported", "a list of locale tags", 'Write `supported: ["en-GB", "fr-FR"]`');
  }
  let def: string | null = null;
  const defaultEntry = entries.get("default");
  if (defaultEntry) {
    const expr = exprOf(defaultEntry.value);
    if (expr && expr.kind === "text") {
      def = expr.value;
      const canonical = canonicalCase(def);
      if (canonical !== def) {
        report(sink, diagnostic("type.bad_locale", defaultEntry.value.span, { tag: def, canonical }, [], changeTo(defaultEntry.value.span, `"${canonical}"`)));
        def = canonical;
      }
      if (supported && !tags.includes(def)) {
        report(sink, diagnostic("type.locale_not_supported", defaultEntry.value.span, { locale: def }));
      }
    } else badEntry(sink, defaultEntry.value.span, "default", "a locale tag", 'Write `default: "en-GB"`');
  }
  if (tags.length === 0) tags.push(def ?? "en-GB");
  return { tags, default: def ?? tags[0] };
}

const ENTRIES = ["capability", "driver", "base_url", "model", "key", "timeout", "max_answer", "embedding_dimensions", "retries", "development"];

/** The one `capability: ai` connection, or null; a second is `ai.second_connection`. */
export function readConnection(cx: Checker): ConnectionInfo | null {
  let found: ConnectionInfo | null = null;
  let firstSpan = "";
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "connection") continue;
      const info = readOne(cx, decl);
      if (!info) continue;
      if (found) {
        report(cx, diagnostic("ai.second_connection", decl.name.span, { name: decl.name.name, first: found.name, where: firstSpan }));
        continue;
      }
      found = info;
      firstSpan = `${decl.span.file}:${decl.span.line}`;
    }
  }
  return found;
}

function readOne(cx: Checker, decl: ConnectionDecl): ConnectionInfo | null {
  const owner = `\`${decl.name.name}\``;
  const entries = entriesByName(cx, decl.entries, ENTRIES, owner);
  const capability = entries.get("capability");
  if (!capability) {
    report(cx, diagnostic("type.missing_entry", decl.name.span, { owner, entry: "capability", example: "capability: ai", more: "" }));
    return null;
  }
  const word = wordValue(cx, capability);
  if (word !== "ai") {
    if (word !== null) report(cx, diagnostic("type.bad_word", capability.value.span, { word, what: "a capability", suggestion: "Write `capability: ai`" }, [], changeTo(capability.value.span, "ai")));
    return null;
  }
  const info: ConnectionInfo = {
    name: decl.name.name,
    driver: "openai_compatible",
    baseUrl: null,
    model: null,
    key: null,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
    embeddingDimensions: DEFAULT_EMBEDDING_DIMENSIONS,
    sandbox: [],
    perDay: null,
    retries: DEFAULT_RETRIES,
  };
  const driver = entries.get("driver");
  if (driver) {
    const d = wordValue(cx, driver);
    if (d !== null && d !== "openai_compatible") {
      report(cx, diagnostic("type.bad_word", driver.value.span, { word: d, what: "a driver", suggestion: "Write `driver: openai_compatible`" }, [], changeTo(driver.value.span, "openai_compatible")));
    }
  }
  for (const [entryName, field] of [["base_url", "baseUrl"], ["model", "model"], ["key", "key"]] as const) {
    const entry = entries.get(entryName);
    if (entry) info[field] = configText(cx, entry);
  }
  const timeout = entries.get("timeout");
  if (timeout) {
    const expr = exprOf(timeout.value);
    if (expr && expr.kind === "duration" && expr.ms > 0) info.timeoutMs = expr.ms;
    else badEntry(cx, timeout.value.span, "timeout", "a duration", "Write a duration such as `timeout: 30s`");
  }
  const maxAnswer = entries.get("max_answer");
  if (maxAnswer) {
    const expr = exprOf(maxAnswer.value);
    if (expr && expr.kind === "int" && expr.value > 0) info.maxAnswerBytes = expr.value;
    else badEntry(cx, maxAnswer.value.span, "max_answer", "a number of bytes", "Write the most bytes of text an answer may have, such as `max_answer: 4194304` (4 MiB)");
  }
  const dims = entries.get("embedding_dimensions");
  if (dims) info.embeddingDimensions = positiveIntValue(cx, dims) ?? DEFAULT_EMBEDDING_DIMENSIONS;
  const retries = entries.get("retries");
  if (retries) info.retries = readRetries(cx, retries.value);
  const development = entries.get("development");
  if (development) readDevelopment(cx, development.value, info);
  return info;
}

/** `retries: { max: 2  backoff: 1s }`: either entry may be left to its default; a bad one is reported and defaulted. */
function readRetries(cx: Checker, value: ConnectionDecl["entries"][number]["value"]): RetriesInfo {
  if (value.kind !== "block") {
    badEntry(cx, value.span, "retries", "a block", "Write `retries: { max: 2  backoff: 1s }`");
    return DEFAULT_RETRIES;
  }
  const entries = entriesByName(cx, value.entries, ["max", "backoff"], "`retries`");
  const out: RetriesInfo = { ...DEFAULT_RETRIES };
  const max = entries.get("max");
  if (max) {
    const expr = exprOf(max.value);
    if (expr && expr.kind === "int" && expr.value >= 0 && expr.value <= MAX_RETRIES) out.max = expr.value;
    else badEntry(cx, max.value.span, "max", `an Int from 0 to ${MAX_RETRIES}`, `Write \`max: ${DEFAULT_RETRIES.max}\`, or \`max: 0\` to send each request once`);
  }
  const backoff = entries.get("backoff");
  if (backoff) {
    const expr = exprOf(backoff.value);
    if (expr && expr.kind === "duration" && expr.ms > 0) out.backoffMs = expr.ms;
    else badEntry(cx, backoff.value.span, "backoff", "a positive duration", "Write a duration such as `backoff: 1s`");
  }
  return out;
}

function readDevelopment(cx: Checker, value: ConnectionDecl["entries"][number]["value"], info: ConnectionInfo): void {
  if (value.kind !== "block") {
    badEntry(cx, value.span, "development", "a block", "Write `development: { sandbox: [...]  per_day: 50 }`");
    return;
  }
  const entries = entriesByName(cx, value.entries, ["sandbox", "per_day"], "`development`");
  const perDay = entries.get("per_day");
  if (perDay) info.perDay = positiveIntValue(cx, perDay);
  const sandbox = entries.get("sandbox");
  if (!sandbox) return;
  const expr = exprOf(sandbox.value);
  if (!expr || expr.kind !== "list") {
    badEntry(cx, sandbox.value.span, "sandbox", "a list of prompt names", "Write `sandbox: [answer_question]`");
    return;
  }
  for (const item of expr.items) {
    const name = item.kind === "name" ? item.name : item.kind === "text" ? item.value : null;
    if (name !== null && cx.prompts.has(name)) {
      if (!info.sandbox.includes(name)) info.sandbox.push(name);
      continue;
    }
    const shown = name ?? "this";
    const near = name !== null ? closest(name, cx.prompts.keys()) : null;
    const suggestion = didYouMean(
      near,
      cx.prompts.size > 0 ? `Name a prompt, such as \`${[...cx.prompts.keys()][0]}\`` : "Remove it: this project declares no prompts",
    );
    // A prompt written as a text keeps its quotes.
    report(cx, diagnostic("ai.sandbox_unknown_prompt", item.span, { name: shown, suggestion }, [], changeTo(item.span, near && (item.kind === "text" ? `"${near}"` : near))));
  }
}
