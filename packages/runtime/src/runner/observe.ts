// What a test run watches of its AI calls: the outcomes each call site reached (`--coverage`,
// counted by the executor where each outcome is decided), and the values the fake generated for
// unscripted prompts and for scripts' `generated` items (what a seed sweep shrinks) — which a
// shrinking step's run may replace with given values. The backend around the fake watches, and
// changes nothing, unless it replays.
import { sameType, type PromptInfo, type Span, type Type } from "@jadpo/compiler";
import { whenDone, type AiBackend, type EmbedCall, type EmbedReply, type GenerateCall, type GenerateReply, type MaybePromise, type StreamCall, type StreamReply, type ToolCallRun } from "../ai/backend.ts";
import type { SiteOutcome } from "../ai/outcomes.ts";
import type { CountOutcome } from "../exec/context.ts";
import type { Value } from "../values/value.ts";

/** A call site: `<root-relative file>:<byte offset of the call>`. */
export type SiteKey = string;

export function siteKey(span: Span): SiteKey {
  return `${span.file}:${span.start}`;
}

/** How often each outcome was reached, per call site (plain data: it crosses worker threads). */
export type CoverageCounts = Record<SiteKey, { [outcome: string]: number }>;

/**
 * One value the fake generated for an unscripted `ai.generate` step: an answer of the call's `as:`
 * type, or (`tool` set) the arguments of a tool prompt's tool call.
 */
export interface GeneratedAnswer {
  prompt: string;
  /** The scripted `generated` item whose call it answered; null for a prompt without a script. */
  item: Span | null;
  /** The tool called with `value` as its arguments; null for an answer. */
  tool: string | null;
  /** The answer's type, or the tool's arguments type. */
  asType: Type;
  value: Value;
}

export interface Observer {
  /** Counted into when set. */
  coverage: CoverageCounts | null;
  /** Every generated answer and tool call given (unscripted, or a `generated` item's), in call order (replayed ones included). */
  generated: GeneratedAnswer[];
  /** Values for generated steps, used in order per prompt instead of generating; null: generate. */
  replay: GeneratedAnswer[] | null;
}

export function newObserver(coverage: boolean, replay: GeneratedAnswer[] | null = null): Observer {
  return { coverage: coverage ? {} : null, generated: [], replay };
}

export function mergeCoverage(into: CoverageCounts, from: CoverageCounts): void {
  for (const [site, counts] of Object.entries(from)) {
    const target = (into[site] ??= {});
    for (const [outcome, n] of Object.entries(counts)) target[outcome] = (target[outcome] ?? 0) + n;
  }
}

/** What the executor tells each outcome to (`RunContext.ai.count`); null when the observer doesn't count. */
export function outcomeCounter(o: Observer): CountOutcome | null {
  const coverage = o.coverage;
  if (!coverage) return null;
  return (span: Span, outcome: SiteOutcome) => {
    const site = (coverage[siteKey(span)] ??= {});
    site[outcome] = (site[outcome] ?? 0) + 1;
  };
}

/** The reply a replayed value makes for this step, if it fits it (the same tool, the same type); else undefined. */
function replayedReply(call: GenerateCall, given: GeneratedAnswer): GenerateReply | undefined {
  if (given.tool === null) return sameType(given.asType, call.asType) ? { kind: "value", value: structuredClone(given.value) } : undefined;
  const tool = call.prompt.tools.find((t) => t.name === given.tool);
  if (!tool || !sameType(given.asType, tool.argsType)) return undefined;
  return { kind: "calls", calls: [{ kind: "value", tool: tool.name, value: structuredClone(given.value) }] };
}

/** What a generated step's reply generated, to remember for shrinking. */
function generatedBy(call: GenerateCall, reply: GenerateReply): GeneratedAnswer[] {
  const prompt = call.prompt.name;
  const item = reply.generatedAt ?? null;
  if (reply.kind === "value") return [{ prompt, item, tool: null, asType: call.asType, value: reply.value }];
  if (reply.kind !== "calls") return [];
  return reply.calls.flatMap((one) => {
    const tool = one.kind === "value" ? call.prompt.tools.find((t) => t.name === one.tool) : undefined;
    return tool && one.kind === "value" ? [{ prompt, item, tool: tool.name, asType: tool.argsType, value: one.value }] : [];
  });
}

/** `given` in place of a generated reply, which keeps its time, its retries and where its item is. */
function replacing(reply: GenerateReply, given: GenerateReply): GenerateReply {
  return {
    ...given,
    ...(reply.afterMs ? { afterMs: reply.afterMs } : {}),
    ...(reply.retries ? { retries: reply.retries } : {}),
    ...(reply.generatedAt ? { generatedAt: reply.generatedAt } : {}),
  };
}

export function observingBackend(inner: AiBackend, scripted: (prompt: PromptInfo) => boolean, o: Observer): AiBackend {
  const replayed = new Map<string, number>(); // per prompt: unscripted steps given so far
  // The values to replay, by prompt, grouped once (a shrink reruns a test hundreds of times).
  const replays = new Map<string, GeneratedAnswer[]>();
  for (const answer of o.replay ?? []) {
    const list = replays.get(answer.prompt);
    if (list) list.push(answer);
    else replays.set(answer.prompt, [answer]);
  }
  const fromReplay = (call: GenerateCall): GenerateReply | undefined => {
    if (!o.replay) return undefined;
    const n = replayed.get(call.prompt.name) ?? 0;
    replayed.set(call.prompt.name, n + 1);
    const given = replays.get(call.prompt.name)?.[n];
    return given && replayedReply(call, given);
  };
  return {
    generate(call: GenerateCall): MaybePromise<GenerateReply> {
      const remember = (done: GenerateReply): GenerateReply => {
        for (const generated of generatedBy(call, done)) o.generated.push(generated);
        return done;
      };
      if (!scripted(call.prompt)) return whenDone(fromReplay(call) ?? inner.generate(call), remember);
      // A script's `generated` item is known only once the fake has chosen it: its value is replaced after.
      return whenDone(inner.generate(call), (reply) => {
        if (reply.generatedAt === undefined) return reply;
        const given = fromReplay(call);
        return remember(given ? replacing(reply, given) : reply);
      });
    },
    toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
      inner.toolsRan?.(call, runs);
    },
    // Only a backend that listens is told, so a test's call builds no notice for nobody.
    ...(inner.ended === undefined ? {} : { ended: inner.ended.bind(inner) }),
    stream: (call: StreamCall): MaybePromise<StreamReply> => inner.stream(call),
    embed: (call: EmbedCall): MaybePromise<EmbedReply> => inner.embed(call),
  };
}
