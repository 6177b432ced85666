// The state of one run of program code: one test, or one `jadpo dev` request. Compiled closures
// receive it as their second argument; nothing else in the executor is mutable.
import type { PromptInfo, Span, Type } from "@jadpo/compiler";
import type { AiBackend, Answered, Correction, EmbedReply, GenerateEnding, GenerateReply, StreamReply } from "../ai/backend.ts";
import { RETRIED, type SiteOutcome } from "../ai/outcomes.ts";
import { rng, type Rng } from "../seed.ts";
import type { Value } from "../values/value.ts";
import { TimedOut } from "../signals.ts";
import { nowMs } from "@jadpo/compiler";

/** `2026-01-01T00:00:00Z`: where every test's clock starts (docs/testing.md). */
export const TEST_CLOCK_START = Date.UTC(2026, 0, 1, 0, 0, 0);

export interface AiSession {
  backend: AiBackend;
  /**
   * `ai.<prompt>.requests`, by prompt index: one values entry per generate/stream call. A prompt's
   * list is made on its first call, so a test costs nothing per prompt it never asks.
   */
  requests: (Value[] | undefined)[];
  /**
   * `ai.<prompt>.sent`, by prompt index: what each attempt asked with, rendered only when a test
   * reads it (the rendering is the driver's, so it costs nothing where nobody looks). Made on the
   * prompt's first call, as `requests`; its length is `ai.<prompt>.attempts`.
   */
  sent: (SentAttempt[] | undefined)[];
  /**
   * `ai.<prompt>.called.<tool>`, by prompt index then tool index: the decoded arguments of each
   * call of the tool, in order. Made on the prompt's first tool call.
   */
  called: (Value[][] | undefined)[];
  /** `ai.embed.requests`: the text of each `ai.embed` call, in order (its length is `ai.embed.attempts`). */
  embedRequests: string[];
  /** Each answered `ai.embed` call's text and reply, in order (`ai.embed.retries` and `.usage` read them). */
  embedReplies: { text: string; reply: EmbedReply }[];
  /** Numbers in an embedding: the connection's `embedding_dimensions`, 16 by default. */
  dimensions: number;
  /** Told each outcome an AI call reaches, where the call decides it (`--coverage`); null when nobody counts. */
  count: CountOutcome | null;
}

/** `span`: the AI call's expression. A tool prompt's call may reach several (each tool call's, then how it ended). */
export type CountOutcome = (span: Span, outcome: SiteOutcome) => void;

/**
 * Counts `retried` for a call at its first reply that took a retry (a call counts it once,
 * whichever of its attempts or steps retried); whether the call has counted it now.
 */
export function countRetried(c: RunContext, span: Span, reply: Answered, counted: boolean): boolean {
  if (counted || !reply.retries) return counted;
  c.ai.count?.(span, RETRIED);
  return true;
}

/**
 * An `ai.generate` call ends with `outcome`, decided where it happens: counted for coverage, and
 * told to the backend (its call log, logs and metrics). `value`: the answer, when it decoded. The
 * backend's notice is built only for a backend that listens: a test's fake costs nothing more.
 */
export function endGenerate(c: RunContext, span: Span, prompt: PromptInfo, asType: Type, depth: number, outcome: GenerateEnding, value?: Value): void {
  c.ai.count?.(span, outcome);
  c.ai.backend.ended?.({ prompt, depth, asType, outcome, value });
}

/**
 * One attempt's inputs: `asType` null for a stream; `correction` on a correction attempt;
 * `toolResults` on a tool prompt's step after one that called tools (what it sends back).
 */
export interface SentAttempt {
  values: Value;
  asType: Type | null;
  correction?: Correction;
  toolResults?: string[];
  /** What answered it, once it was answered (`ai.<prompt>.retries` and `.usage` read it). */
  reply?: GenerateReply | StreamReply;
  /** A tool prompt's step: every step of its call so far, shared by them (a step's usage counts the earlier ones). */
  steps?: SentAttempt[];
}

export interface RunContext {
  /** `clock.now()`, epoch ms. */
  clock: number;
  /** The test's seed (or the request's), the root of every random stream. */
  seed: number;
  /** `random.int`'s stream, made on first use. */
  random: Rng | null;
  ai: AiSession;
  /** Nested calls running now: deep recursion is a fault, not a crashed worker. */
  depth: number;
  /** The innermost test statement running (where `test.fakes_exhausted` points); null outside tests. */
  testStmt: Span | null;
  /** `nowMs()` (the compiler's clock) past which the run stops (`--test-timeout`); Infinity without a limit. */
  deadline: number;
  /** The limit as written (`10s`), for `test.timed_out`. */
  timeLimit: string;
  /** Loop iterations and calls so far: the clock is read every TICK_EVERY of them. */
  ticks: number;
}

const TICK_EVERY = 256;

/**
 * Called at every call and loop iteration: Jadpo has no other way to run long, so a test that
 * would run for ever (runaway recursion that branches, loops over huge lists) stops here, even on
 * the main thread, without a watchdog thread.
 */
export function tick(c: RunContext): void {
  if (++c.ticks % TICK_EVERY === 0 && nowMs() > c.deadline) throw new TimedOut(c.timeLimit);
}

export interface ContextOptions {
  seed: number;
  backend: AiBackend;
  promptCount: number;
  dimensions: number;
  clockStart?: number;
  /** Milliseconds of wall time the run may take, from now; none by default. */
  timeoutMs?: number;
  timeLimit?: string;
}

export function createContext(options: ContextOptions): RunContext {
  // A prompt's lists wait for its first call.
  const requests: (Value[] | undefined)[] = new Array(options.promptCount);
  const sent: (SentAttempt[] | undefined)[] = new Array(options.promptCount);
  const called: (Value[][] | undefined)[] = new Array(options.promptCount);
  return {
    clock: options.clockStart ?? TEST_CLOCK_START,
    seed: options.seed,
    random: null,
    ai: { backend: options.backend, requests, sent, called, embedRequests: [], embedReplies: [], dimensions: options.dimensions, count: null },
    depth: 0,
    testStmt: null,
    deadline: options.timeoutMs === undefined ? Infinity : nowMs() + options.timeoutMs,
    timeLimit: options.timeLimit ?? "",
    ticks: 0,
  };
}

/** `random.int`'s stream for this run. */
export function randomOf(c: RunContext): Rng {
  return (c.random ??= rng(c.seed, "random"));
}
