// The prelude: base types, Locale (from `locales`), Embedding, StreamedText, StreamStop, SentRequest,
// AiUsage, and the AI failures. Built once per check, since Locale's members depend on the project.
import type { AiFailures, FailureInfo, FailureKind } from "./program.ts";
import { AI_FAILURE_WORDS, STOP_WORDS } from "../vocabulary.ts";
import {
  BOOL, DECIMAL, DURATION, INSTANT, INT, TEXT,
  type Base, type EnumMember, type NamedType, type Type,
} from "../types/types.ts";



export interface Prelude {
  /** Every prelude type by name, `List` excepted (it takes an argument). */
  types: Map<string, Type>;
  /** A named scalar per base type, so `Text(q)` resolves as a conversion like `CustomerQuestion(t)`. */
  baseConverters: Map<Base, NamedType>;
  locale: NamedType;
  localeDefault: string;
  embedding: NamedType;
  streamedText: NamedType;
  streamStop: NamedType;
  /** What one attempt sent a model (`ai.<prompt>.sent`). */
  sentRequest: NamedType;
  /** Tokens a test's requests used (`ai.<prompt>.usage`). */
  aiUsage: NamedType;
  aiFailures: AiFailures;
  /** The AI failures by name (`AiRefused`, ...). */
  failures: Map<string, FailureInfo>;
  /** What `ai.generate` and `ai.embed` can fail with, in the order the language guide lists them. */
  generateFailures: FailureInfo[];
  /** What `ai.generate` of a prompt with tools can fail with: the above and `AiLoopLimit`. */
  toolFailures: FailureInfo[];
  embedFailures: FailureInfo[];
}

export const BASE_TYPES: Record<Base, Type> = {
  Bool: BOOL, Int: INT, Decimal: DECIMAL, Text: TEXT, Instant: INSTANT, Duration: DURATION,
};

/** Names that the prelude owns in type position (including `List`). */
export const PRELUDE_TYPE_NAMES = [
  "Bool", "Int", "Decimal", "Text", "Instant", "Duration", "List", "Locale", "Embedding", "StreamedText", "StreamStop", "SentRequest", "AiUsage",
];

function aiFailure(name: string, kind: FailureKind, code: string, message: string): FailureInfo {
  return { name, kind, code, message, decl: null };
}

/** A Locale member from its tag: `en-GB` → `en_gb`. */
export function localeMemberName(tag: string): string {
  return tag.toLowerCase().replace(/-/g, "_");
}

export function buildPrelude(localeTags: string[], localeDefault: string): Prelude {
  const members: EnumMember[] = localeTags.map((tag) => ({ name: localeMemberName(tag), tag }));
  const locale: NamedType = { name: "Locale", module: "", def: { kind: "enum", members } };
  const embedding: NamedType = { name: "Embedding", module: "", def: { kind: "list", item: DECIMAL } };
  const streamStop: NamedType = {
    name: "StreamStop", module: "", def: { kind: "enum", members: STOP_WORDS.map((name) => ({ name, tag: name })) },
  };
  const streamedText: NamedType = {
    name: "StreamedText",
    module: "",
    def: {
      kind: "object",
      fields: [
        { name: "pieces", type: { kind: "list", item: TEXT } },
        { name: "text", type: TEXT },
        { name: "stopped", type: { kind: "named", decl: streamStop } },
      ],
    },
  };
  const sentRequest: NamedType = {
    name: "SentRequest",
    module: "",
    def: {
      kind: "object",
      fields: [
        { name: "system", type: TEXT },
        { name: "text", type: TEXT },
        { name: "answer_format", type: TEXT },
        { name: "correction", type: { kind: "optional", inner: TEXT } },
        { name: "tool_results", type: { kind: "list", item: TEXT } },
      ],
    },
  };
  // Named `AiUsage`, not `Usage`, so a project's own `Usage` type stays valid.
  const aiUsage: NamedType = {
    name: "AiUsage",
    module: "",
    def: { kind: "object", fields: [{ name: "input_tokens", type: INT }, { name: "output_tokens", type: INT }] },
  };
  const types = new Map<string, Type>(Object.entries(BASE_TYPES));
  for (const named of [locale, embedding, streamedText, streamStop, sentRequest, aiUsage]) types.set(named.name, { kind: "named", decl: named });
  const baseConverters = new Map<Base, NamedType>();
  for (const base of Object.keys(BASE_TYPES) as Base[]) {
    baseConverters.set(base, { name: base, module: "", def: { kind: "scalar", base, constraints: {} } });
  }
  const aiFailures: AiFailures = {
    refused: aiFailure("AiRefused", "Rejected", "ai_refused", "The model refused to answer."),
    timed_out: aiFailure("AiTimedOut", "TimedOut", "ai_timed_out", "The model didn't answer in time."),
    over_budget: aiFailure("AiOverBudget", "RateLimited", "ai_over_budget", "The model's usage limit was reached."),
    too_long: aiFailure("AiTooLong", "InvalidRequest", "ai_too_long", "The request is too long for the model."),
    unreadable: aiFailure("AiUnreadable", "Unavailable", "ai_unreadable", "The model's answer couldn't be read as the type asked for."),
    loop_limit: aiFailure("AiLoopLimit", "Unavailable", "ai_loop_limit", "The model took every step the prompt allows without answering."),
  };
  const embedFailures = AI_FAILURE_WORDS.map((word) => aiFailures[word]);
  const generateFailures = [...embedFailures, aiFailures.unreadable];
  const toolFailures = [...generateFailures, aiFailures.loop_limit];
  const failures = new Map(toolFailures.map((f) => [f.name, f]));
  return {
    types, baseConverters, locale, localeDefault, embedding, streamedText, streamStop, sentRequest, aiUsage, aiFailures, failures, generateFailures, toolFailures, embedFailures,
  };
}
