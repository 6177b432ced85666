// A backend around the test's fake that watches, never changes, what the fake answers — except
// when replaying: it counts which outcome each AI call ended with, by call site (`--coverage`),
// keeps the answers generated for unscripted prompts (what a seed sweep shrinks), and can answer
// unscripted prompts with given values instead (a shrinking step's candidate).
import { sameType, type PromptInfo, type Span, type Type } from "@jadpo/compiler";
import type { AiBackend, EmbedCall, EmbedReply, GenerateCall, GenerateReply, MaybePromise, StreamCall, StreamReply, ToolCallRun } from "../ai/backend.ts";
import { decodeAnswer } from "../ai/decode.ts";
import type { AiOutcome, GenerateOutcome } from "../ai/outcomes.ts";
import type { Value } from "../values/value.ts";

/** A call site: `<root-relative file>:<byte offset of the call>`. */
export type SiteKey = string;

export function siteKey(span: Span): SiteKey {
  return `${span.file}:${span.start}`;
}

/** How often each outcome was reached, per call site (plain data: it crosses worker threads). */
export type CoverageCounts = Record<SiteKey, Partial<Record<AiOutcome, number>>>;

/** One answer the fake generated for an unscripted `ai.generate` attempt. */
export interface GeneratedAnswer {
  prompt: string;
  asType: Type;
  value: Value;
}

export interface Observer {
  /** Counted into when set. */
  coverage: CoverageCounts | null;
  /** Every unscripted generate answer given, in call order (replayed ones included). */
  generated: GeneratedAnswer[];
  /** Answers for unscripted prompts, used in order per prompt instead of generating; null: generate. */
  replay: GeneratedAnswer[] | null;
}

export function newObserver(coverage: boolean, replay: GeneratedAnswer[] | null = null): Observer {
  return { coverage: coverage ? {} : null, generated: [], replay };
}

export function mergeCoverage(into: CoverageCounts, from: CoverageCounts): void {
  for (const [site, counts] of Object.entries(from)) {
    const target = (into[site] ??= {});
    for (const [outcome, n] of Object.entries(counts) as [AiOutcome, number][]) target[outcome] = (target[outcome] ?? 0) + n;
  }
}

function then<T>(value: MaybePromise<T>, use: (value: T) => void): MaybePromise<T> {
  if (value instanceof Promise) {
    return value.then((done) => {
      use(done);
      return done;
    });
  }
  use(value);
  return value;
}

/** The outcome a generate attempt settles its call with; null when a correction attempt follows. */
function generateOutcome(call: GenerateCall, reply: GenerateReply): GenerateOutcome | null {
  // A tool prompt's later steps are not corrections: only the step that carries one is.
  const first = call.prompt.tools.length > 0 ? call.correction === undefined : call.attempt === 1;
  switch (reply.kind) {
    case "value":
      return first ? "success" : "corrected";
    case "text":
      if (decodeAnswer(call.asType, reply.text).ok) return first ? "success" : "corrected";
      return first ? null : "unreadable";
    case "undecodable":
      return first ? null : "unreadable";
    case "failure":
      return reply.failure;
    case "calls":
      return null; // a tool-calling step: the call goes on (a tool prompt's own outcomes are not counted yet)
    case "replay": {
      // A recording's steps, then its answer: the call ends as its last reply says.
      const last = reply.steps[reply.steps.length - 1];
      return last === undefined ? null : generateOutcome(call, last);
    }
    default:
      return reply satisfies never;
  }
}

export function observingBackend(inner: AiBackend, scripted: (prompt: PromptInfo) => boolean, o: Observer): AiBackend {
  const count = (span: Span, outcome: AiOutcome | null): void => {
    if (!o.coverage || outcome === null) return;
    const site = (o.coverage[siteKey(span)] ??= {});
    site[outcome] = (site[outcome] ?? 0) + 1;
  };
  const replayed = new Map<string, number>(); // per prompt: unscripted answers given so far
  // The answers to replay, by prompt, grouped once (a shrink reruns a test hundreds of times).
  const replays = new Map<string, GeneratedAnswer[]>();
  for (const answer of o.replay ?? []) {
    const list = replays.get(answer.prompt);
    if (list) list.push(answer);
    else replays.set(answer.prompt, [answer]);
  }
  const fromReplay = (call: GenerateCall): Value | undefined => {
    if (!o.replay) return undefined;
    const n = replayed.get(call.prompt.name) ?? 0;
    replayed.set(call.prompt.name, n + 1);
    const answer = replays.get(call.prompt.name)?.[n];
    return answer && sameType(answer.asType, call.asType) ? structuredClone(answer.value) : undefined;
  };
  return {
    generate(call: GenerateCall): MaybePromise<GenerateReply> {
      // A tool prompt's steps are not replayed or remembered for shrinking: a replayed answer would skip its tool calls.
      const unscripted = !scripted(call.prompt) && call.prompt.tools.length === 0;
      const given = unscripted ? fromReplay(call) : undefined;
      const reply: MaybePromise<GenerateReply> = given !== undefined ? { kind: "value", value: given } : inner.generate(call);
      return then(reply, (done) => {
        // Telling the outcome decodes a text answer again: only when it is counted.
        if (o.coverage) count(call.span, generateOutcome(call, done));
        if (unscripted && done.kind === "value") o.generated.push({ prompt: call.prompt.name, asType: call.asType, value: done.value });
      });
    },
    toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
      inner.toolsRan?.(call, runs);
    },
    stream(call: StreamCall): MaybePromise<StreamReply> {
      return then(inner.stream(call), (done) => count(call.span, done.stopped));
    },
    embed(call: EmbedCall): MaybePromise<EmbedReply> {
      return then(inner.embed(call), (done) => count(call.span, done.kind === "vector" ? "success" : done.failure));
    },
  };
}
