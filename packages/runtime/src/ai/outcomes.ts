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

/**
 * What a prompt with tools adds at its call sites, after the generate outcomes: the call ran out of
 * steps; a tool was called with arguments that decoded; a tool that can fail sent one of its
 * failures back; a call's arguments didn't decode, or it named no tool of the prompt.
 */
export const LOOP_LIMIT = "loop_limit";
export const BAD_CALL = "bad call";
export type ToolLoopOutcome = typeof LOOP_LIMIT | typeof BAD_CALL | `called ${string}` | `${string} failed`;

export function calledOutcome(tool: string): `called ${string}` {
  return `called ${tool}`;
}

export function failedOutcome(tool: string): `${string} failed` {
  return `${tool} failed`;
}

/** Counted beside how a call ended when any of its requests was sent again after a transport failure. */
export const RETRIED = "retried";

/** Any outcome a call site lists. */
export type SiteOutcome = AiOutcome | typeof RETRIED | ToolLoopOutcome;

/** A tool as its call sites' outcomes name it. */
export interface OutcomeTool {
  name: string;
  /** Declares failures it can send back. */
  canFail: boolean;
}

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

/**
 * The outcomes of a call site, in the order coverage lists them: its call kind's, then `retried`
 * when the connection retries (`retries` above 0); for an `ai.generate` of a prompt with `tools`
 * (in `tools:` order), then `loop_limit`, each tool's, and `bad call`.
 */
export function siteOutcomes(kind: AiCallKind, retries: number, tools: readonly OutcomeTool[] = []): SiteOutcome[] {
  const outcomes: SiteOutcome[] = [...outcomesOf(kind)];
  if (retries > 0) outcomes.push(RETRIED);
  if (kind !== "generate" || tools.length === 0) return outcomes;
  const perTool = tools.flatMap((tool) => (tool.canFail ? [calledOutcome(tool.name), failedOutcome(tool.name)] : [calledOutcome(tool.name)]));
  return [...outcomes, LOOP_LIMIT, ...perTool, BAD_CALL];
}

/** What a tool prompt's call did with its tools: the tool outcomes but `loop_limit`, an ending. */
export type ToolUseOutcome = Exclude<ToolLoopOutcome, typeof LOOP_LIMIT>;

/**
 * The tool outcomes `runs` reached, each once, in the order coverage lists them: per tool in
 * `tools:` order, `called` then `failed`; `bad call` last.
 */
export function toolUseOutcomes(prompt: PromptInfo, runs: Iterable<ToolCallRun>): ToolUseOutcome[] {
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
  const outcomes: ToolUseOutcome[] = [];
  for (const tool of prompt.tools) {
    if (called.has(tool.name)) outcomes.push(calledOutcome(tool.name));
    if (failed.has(tool.name)) outcomes.push(failedOutcome(tool.name));
  }
  if (bad) outcomes.push(BAD_CALL);
  return outcomes;
}
