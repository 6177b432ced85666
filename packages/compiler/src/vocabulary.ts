// The language's fixed word lists and limits, each written once. The compiler owns them (they are
// part of the prelude); the runtime and the CLI import them from `@jadpo/compiler`, so adding a
// word here makes the typecheck fail at every switch that must handle it.
import { slashPath } from "./host.ts";

/** The AI failure words a scripted item or a driver can name: `AiRefused`, `AiTimedOut`, … in programs. */
export const AI_FAILURE_WORDS = ["refused", "timed_out", "over_budget", "too_long"] as const;
export type AiFailureWord = (typeof AI_FAILURE_WORDS)[number];

export function isAiFailureWord(word: string): word is AiFailureWord {
  return (AI_FAILURE_WORDS as readonly string[]).includes(word);
}

/** The members of `StreamStop`, in declaration order: how a stream ended. */
export const STOP_WORDS = ["finished", "timed_out", "refused", "too_long", "over_budget"] as const satisfies readonly ("finished" | AiFailureWord)[];
export type StopWord = (typeof STOP_WORDS)[number];
// Every failure word is also a stop word: this line fails to typecheck when one is missing above.
const everyFailureStops: readonly StopWord[] = AI_FAILURE_WORDS;
void everyFailureStops;

/**
 * The failures of the transport rather than of the model, which a connection's `retries:` retries:
 * the server was unavailable (5xx, overloaded, the connection failed or dropped), or it
 * rate-limited the request (429, with or without `Retry-After`). As scripted items:
 * `unavailable`, `rate_limited(20s)`, `rate_limited`.
 */
export const TRANSPORT_FAILURE_WORDS = ["unavailable", "rate_limited"] as const;
export type TransportFailureWord = (typeof TRANSPORT_FAILURE_WORDS)[number];

export function isTransportFailureWord(word: string): word is TransportFailureWord {
  return (TRANSPORT_FAILURE_WORDS as readonly string[]).includes(word);
}

/**
 * The kinds of item a test's `fakes:` script holds: a literal value, a failure word, and the items
 * written as their own word (`malformed`, `raw("…")`, `recorded("…")`, `partial("…", stop)`), a
 * tool prompt's tool-calling step (`call t(…)`, `calls […]`, `raw_call("t", "…")`), and a
 * transport failure (`unavailable`, `rate_limited(…)`), an item chosen by the request
 * (`when { … } => …`), an embedding by example (`like("…")`) and a generated answer (`generated`).
 * The parser's shapes are exactly these (syntax/build-ast.ts); the editor's completion offers an
 * entry per kind, keyed by this type.
 */
export const FAKE_ITEM_KINDS = ["value", "failure", "malformed", "raw", "recorded", "partial", "calls", "transport", "when", "like", "generated"] as const;
export type FakeItemKind = (typeof FAKE_ITEM_KINDS)[number];

/** What a failure means to a caller; `jadpo dev` answers each with its own HTTP status. */
export const FAILURE_KINDS = [
  "InvalidRequest", "InvalidValue", "NotFound", "Conflict", "Rejected", "RateLimited", "Unavailable", "TimedOut", "InternalFault",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Source files, recordings and request bodies over this many bytes are refused (16 MiB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** How a decode problem names the whole answer (rather than a field path such as `reply`). */
export const THE_ANSWER = "the answer";

/** Reads a project file by its root-relative path; null when it doesn't exist. */
export type ReadProjectFile = (rootRelativePath: string) => Uint8Array | null;

/**
 * Where a recording lives: `<folder of the prompt's file>/recordings/<prompt>/<name>.json`, with `/`.
 * `domains/support/prompts/answer_question.jadpo`, `answer_question`, `sesame` →
 * `domains/support/prompts/recordings/answer_question/sesame.json`.
 */
export function recordingPath(promptFile: string, promptName: string, name: string): string {
  return `${recordingFolder(promptFile, promptName)}/${name}.json`;
}

/** The folder of a prompt's recordings: `domains/support/prompts/recordings/answer_question`. */
export function recordingFolder(promptFile: string, promptName: string): string {
  const path = slashPath(promptFile);
  const slash = path.lastIndexOf("/");
  const folder = slash < 0 ? "" : path.slice(0, slash + 1);
  return `${folder}recordings/${promptName}`;
}
