// The outcomes an AI call can end with, per call kind (docs/seeds-and-coverage.md): what
// `jadpo test --coverage` counts at each call site. Written once here; every switch over them is
// exhaustive, so a new outcome fails the typecheck wherever it must be handled.
import { STOP_WORDS, type AiFailureWord, type PromptInfo, type StopWord } from "@jadpo/compiler";
import type { ToolCallRun } from "./backend.ts";

export const AI_CALL_KINDS = ["generate", "stream", "embed"] as const;
export type AiCallKind = (typeof AI_CALL_KINDS)[number];

/** `corrected`: the first answer didn't decode, the correction did; `unreadable`: neither decoded. */
export const GENERATE_OUTCOMES = ["success", "corrected", "refused", "timed_out", "over_budget", "too_long", "unreadable"] as const;
/** How a stream stopped: the members of `StreamStop`. */
export const STREAM_OUTCOMES = STOP_WORDS;
export const EMBED_OUTCOMES = ["success", "refused", "timed_out", "over_budget", "too_long"] as const;

export type GenerateOutcome = (typeof GENERATE_OUTCOMES)[number];
export type EmbedOutcome = (typeof EMBED_OUTCOMES)[number];
export type AiOutcome = GenerateOutcome | StopWord | EmbedOutcome;

// Every AI failure word is an outcome of generate and of embed: these fail to typecheck when one is missing.
const generateFailures: readonly GenerateOutcome[] = [] as AiFailureWord[];
const embedFailures: readonly EmbedOutcome[] = [] as AiFailureWord[];
void generateFailures;
void embedFailures;

/** The outcomes of one call kind, in the order coverage lists them. */
export function outcomesOf(kind: AiCallKind): readonly AiOutcome[] {
  switch (kind) {
    case "generate":
      return GENERATE_OUTCOMES;
    case "stream":
      return STREAM_OUTCOMES;
    case "embed":
      return EMBED_OUTCOMES;
    default:
      return kind satisfies never;
  }
}

/** Counted beside how a call ended when any of its requests was sent again after a transport failure. */
export const RETRIED = "retried" as const;

/**
 * What a tool prompt's call did with its tools, counted beside how it ended: `called <tool>` for
 * each tool it called, `<tool> failed` for each whose failure went back to the model, and
 * `bad call` for a call naming no tool of the prompt or with arguments that didn't decode.
 */
export type ToolUseWord = `called ${string}` | `${string} failed` | "bad call";

/** The tool words `runs` reached, each once: per tool in `tools:` order, `called` then `failed`; `bad call` last. */
export function toolUseWords(prompt: PromptInfo, runs: Iterable<ToolCallRun>): ToolUseWord[] {
  const called = new Set<string>();
  const failed = new Set<string>();
  let bad = false;
  for (const run of runs) {
    if (run.tool === null || run.args === null) {
      bad = true;
      continue;
    }
    called.add(run.tool.name);
    if (!run.ok) failed.add(run.tool.name);
  }
  const words: ToolUseWord[] = [];
  for (const tool of prompt.tools) {
    if (called.has(tool.name)) words.push(`called ${tool.name}`);
    if (failed.has(tool.name)) words.push(`${tool.name} failed`);
  }
  if (bad) words.push("bad call");
  return words;
}
