// The AI capability's one fake (docs/testing.md): per test, each prompt's `fakes:` script answers its
// requests, one item each, chosen as fake-script.ts says (`when` items by the request, the rest in
// order); without a script, and for a `generated` item, answers are generated from the test's seed.
// Running out, leaving items unused, or asking a typed item for another type ends the test with its
// diagnostic. The fake never constructs a driver: nothing here reaches a network.
import {
  diagnostic, printType, sameType, TEXT, THE_ANSWER, type CheckedFakeItem, type Diagnostic, type PromptInfo, type ReadProjectFile, type Span, type ToolInfo, type Type,
} from "@jadpo/compiler";
import { TestStop } from "../signals.ts";
import { readRecording, type RecordingRead } from "../recordings/read.ts";
import { recordingReply, recordingStream } from "../recordings/replay.ts";
import { rng, type Rng } from "../seed.ts";
import type {
  EmbedCall, EmbedReply, GenerateCall, GenerateReply, StreamCall, StreamReply, Took, TokenUsage, TransportBackend, TransportReply,
} from "./backend.ts";
import type { DecodeError } from "./decode.ts";
import { generateValue } from "./defaults.ts";
import { fakeEmbedding } from "./embed.ts";
import { streamPieces } from "./stream.ts";
import { undecodableRecording } from "./undecodable-recording.ts";
import { ScriptCursor, scriptLabel, type CompiledFakes, type CompiledItem, type CompiledScript } from "./fake-script.ts";
import { withRecordedUsage } from "./token-usage.ts";


type RecordedItem = Extract<CheckedFakeItem, { kind: "recorded" }>;

/** What `malformed` answers: text no decoding accepts (for a Text-based type it is a `json` failure anyway). */
export const MALFORMED_TEXT = "malformed answer";
const MALFORMED_ERROR: DecodeError = { rule: "json", path: THE_ANSWER, expected: "one JSON value", found: JSON.stringify(MALFORMED_TEXT) };

/**
 * Parsed recordings, keyed by the bytes object read. The runner shares one among a run's tests:
 * a run hands every test the same bytes, so each recording is parsed once per run, and new bytes
 * (a reload, a changed file) parse afresh. The parsed answer is shared; filling placeholders and
 * decoding build new values from it.
 */
export type ParsedRecordings = WeakMap<Uint8Array, Map<string, RecordingRead>>;

function parsedRecording(parsed: ParsedRecordings, bytes: Uint8Array, promptName: string): RecordingRead {
  let byPrompt = parsed.get(bytes);
  if (!byPrompt) parsed.set(bytes, (byPrompt = new Map()));
  let read = byPrompt.get(promptName);
  if (!read) byPrompt.set(promptName, (read = readRecording(bytes, { promptName })));
  return read;
}

/** A reply with the scripted item's time on the test clock (docs/testing.md). */
function took<R extends Took>(item: CheckedFakeItem, reply: R): R {
  return item.afterMs > 0 ? { ...reply, afterMs: item.afterMs } : reply;
}

/**
 * Unscripted, a tool prompt's step n calls its n-th tool (generated arguments, valid by
 * construction), so every tool runs once before the generated answer; a prompt with more tools
 * than its steps allow calls only the first `max_steps - 1`, leaving a step for the answer.
 */
function unscriptedTool(call: GenerateCall): ToolInfo | null {
  const tools = call.prompt.tools;
  if (tools.length === 0) return null;
  const calling = Math.min(tools.length, call.prompt.maxSteps - 1);
  return call.attempt <= calling ? tools[call.attempt - 1] : null;
}

/** An unscripted step's reply, from `random`: the step's tool called with generated arguments, else a generated answer (`jadpo dev` answers so too). */
export function unscriptedReply(call: GenerateCall, random: Rng): GenerateReply {
  const tool = unscriptedTool(call);
  if (tool) return { kind: "calls", calls: [{ kind: "value", tool: tool.name, value: generateValue(tool.argsType, random) }] };
  return { kind: "value", value: generateValue(call.asType, random) };
}

export interface FakeOptions {
  /** The test's seed: generated defaults, placeholder fills and embeddings come from it. */
  seed: number;
  readFile?: ReadProjectFile;
  /** Shared by the tests of a run; this fake's own when not given. */
  recordings?: ParsedRecordings;
}

/**
 * One test's fake: created per run of the test, so its script positions start at the first item.
 * It answers one request at a time, a transport failure included: the connection's retry policy
 * above it (retrying-backend.ts) sends the request again, which takes the next item.
 */
export class FakeBackend implements TransportBackend {
  private readonly cursors: ScriptCursor[];
  private defaults: Rng | null = null;
  private placeholders: Rng | null = null;
  private streams: Rng | null = null;
  private readonly recordings: ParsedRecordings;

  constructor(
    private readonly fakes: CompiledFakes,
    private readonly options: FakeOptions,
  ) {
    this.cursors = fakes.scripts.map((script) => new ScriptCursor(script));
    this.recordings = options.recordings ?? new WeakMap();
  }

  /** The generated answers' stream: unscripted prompts and `generated` items share it. */
  private generatedReply(call: GenerateCall, at: Span): GenerateReply {
    return { ...unscriptedReply(call, (this.defaults ??= rng(this.options.seed, "defaults"))), generatedAt: at };
  }

  private generatedStream(): StreamReply {
    this.streams ??= rng(this.options.seed, "streams");
    const text = generateValue(TEXT, this.streams) as string;
    return { pieces: streamPieces(text), text, stopped: "finished" };
  }

  generate(call: GenerateCall): GenerateReply | TransportReply {
    const index = this.fakes.byPrompt.get(call.prompt);
    if (index === undefined) {
      return unscriptedReply(call, (this.defaults ??= rng(this.options.seed, "defaults")));
    }
    const cursor = this.cursors[index];
    const request = { asked: call.values, first: call.attempt === 1 && !call.retry, depth: call.depth, turn: call.attempt, retry: call.retry ?? 0 };
    const compiled = cursor.take(request);
    // A call answered by `generated`: each of its later steps, as an unscripted prompt's.
    if ("generatedAt" in compiled) return this.generatedReply(call, compiled.generatedAt);
    return took(compiled.item, this.generateReply(cursor.script, compiled, call));
  }

  private generateReply(script: CompiledScript, compiled: CompiledItem, call: GenerateCall): GenerateReply | TransportReply {
    const item = compiled.item;
    switch (item.kind) {
      case "transport":
        return { transport: item.failure };
      case "value":
        if (!sameType(item.type, call.asType)) throw this.wrongType(script, compiled, call, item.type);
        return { kind: "value", value: compiled.value!() };
      case "raw":
        return { kind: "text", text: item.text };
      case "recorded":
        return this.recorded(item, call.prompt, call.asType);
      case "failure":
        return { kind: "failure", failure: item.word };
      case "malformed":
        return { kind: "undecodable", text: MALFORMED_TEXT, error: MALFORMED_ERROR };
      case "calls":
        return {
          kind: "calls",
          calls: item.calls.map((one, i) => (one.kind === "typed"
            ? { kind: "value", tool: one.tool.name, value: compiled.calls![i]!() }
            : { kind: "text", tool: one.tool, text: one.text })),
        };
      case "generated":
        return this.generatedReply(call, item.item.span);
      case "stream_text":
      case "partial":
      case "stream_stop":
      case "vector":
      case "like":
      case "when":
        throw this.wrongItem(script, compiled, "`ai.generate`");
      default:
        return item satisfies never;
    }
  }

  stream(call: StreamCall): StreamReply | TransportReply {
    const index = this.fakes.byPrompt.get(call.prompt);
    if (index === undefined) return this.generatedStream();
    const cursor = this.cursors[index];
    // A stream is one request: any later one of its call is a retry.
    const compiled = cursor.take({ asked: call.values, first: !call.retry, depth: 0, turn: 1, retry: call.retry ?? 0 });
    if ("generatedAt" in compiled) return this.generatedStream();
    const item = compiled.item;
    switch (item.kind) {
      // Scripted pieces are answered exactly as written; a scripted text is cut as an unscripted one.
      case "stream_text":
        return took<StreamReply>(item, { pieces: item.pieces?.slice() ?? streamPieces(item.text), text: item.text, stopped: "finished" });
      case "partial":
        return took<StreamReply>(item, { pieces: item.pieces?.slice() ?? streamPieces(item.text), text: item.text, stopped: item.stop });
      case "stream_stop":
        return took<StreamReply>(item, { pieces: [], text: "", stopped: item.stop });
      case "recorded":
        return took(item, this.recordedStream(item, call.prompt));
      case "transport":
        return took<TransportReply>(item, { transport: item.failure });
      case "generated":
        return took(item, this.generatedStream());
      case "value":
      case "raw":
      case "failure":
      case "malformed":
      case "vector":
      case "calls":
      case "like":
      case "when":
        throw this.wrongItem(cursor.script, compiled, "`ai.stream`");
      default:
        return item satisfies never;
    }
  }

  embed(call: EmbedCall): EmbedReply | TransportReply {
    const index = this.fakes.embed;
    const lexical = (text: string): EmbedReply => ({ kind: "vector", vector: fakeEmbedding(this.options.seed, text, call.dimensions) });
    if (index < 0) return lexical(call.text);
    const cursor = this.cursors[index];
    const compiled = cursor.take({ asked: call.text, first: !call.retry, depth: 0, turn: 1, retry: call.retry ?? 0 });
    if ("generatedAt" in compiled) return lexical(call.text);
    const item = compiled.item;
    switch (item.kind) {
      case "vector":
        return took<EmbedReply>(item, { kind: "vector", vector: item.values });
      case "like":
        return took(item, lexical(item.text));
      case "generated":
        return took(item, lexical(call.text));
      case "failure":
        return took<EmbedReply>(item, { kind: "failure", failure: item.word });
      case "transport":
        return took<TransportReply>(item, { transport: item.failure });
      case "value":
      case "raw":
      case "recorded":
      case "malformed":
      case "stream_text":
      case "partial":
      case "stream_stop":
      case "calls":
      case "when":
        throw this.wrongItem(cursor.script, compiled, "`ai.embed`");
      default:
        return item satisfies never;
    }
  }

  /** After the body completed: the first scripted item nothing used, as `test.fakes_unused`. */
  firstUnused(): Diagnostic | null {
    for (const cursor of this.cursors) {
      const unused = cursor.firstUnused();
      if (unused) return unused;
    }
    return null;
  }

  /**
   * `recorded("name")`: read, placeholders filled from the test's seed, then the real decoding; a
   * tool prompt's recording replays its steps before the answer (recordings/replay.ts). The
   * usage the recording kept, when the model reported it, is the item's whole usage.
   */
  private recorded(item: RecordedItem, prompt: PromptInfo, asType: Type): GenerateReply {
    return this.replayed(item, prompt, (read, random) => recordingReply(prompt, read, asType, random), withRecordedUsage);
  }

  /** `recorded("name")` of a stream prompt: generated pieces of the recorded lengths, the recorded stop, and its kept usage. */
  private recordedStream(item: RecordedItem, prompt: PromptInfo): StreamReply {
    return this.replayed(item, prompt, (read, random) => recordingStream(prompt, read, random), (reply, usage) => ({ ...reply, usage }));
  }

  /**
   * The recording `item` names, read and turned into a reply by `reply` with the placeholders'
   * stream, given the usage it kept with `withUsage`; a problem ends the test.
   */
  private replayed<R>(
    item: RecordedItem, prompt: PromptInfo,
    reply: (read: Extract<RecordingRead, { ok: true }>, random: Rng) => { ok: true; reply: R } | { ok: false; problem: DecodeError | string },
    withUsage: (reply: R, usage: TokenUsage) => R,
  ): R {
    const promptName = prompt.name;
    const undecodable = (problem: DecodeError | string, fixture?: string): TestStop =>
      new TestStop(undecodableRecording(item.item.span, { prompt: promptName, name: item.name, problem, recordable: true, ...(fixture === undefined ? {} : { fixture }) }));
    const bytes = this.options.readFile ? this.options.readFile(item.path) : null;
    if (!bytes) throw undecodable("its file can't be read");
    const read = parsedRecording(this.recordings, bytes, promptName);
    if (!read.ok) throw undecodable(read.problem);
    this.placeholders ??= rng(this.options.seed, "placeholders");
    const replay = reply(read, this.placeholders);
    if (!replay.ok) throw undecodable(replay.problem, read.asked?.fixture);
    const usage = read.asked?.usage;
    return usage ? withUsage(replay.reply, usage) : replay.reply;
  }

  private wrongType(script: CompiledScript, compiled: CompiledItem, call: GenerateCall, scripted: Type): TestStop {
    const asked = call.asType;
    return new TestStop(
      diagnostic("test.fake_type", compiled.item.item.span, { what: "A scripted answer", type: printType(asked), suggestion: "Correct the scripted answer to the type" }, [
        {
          label: "fakes",
          text: `\`${scriptLabel(script)}\` attempt ${call.attempt} asks for \`${printType(asked)}\`; its scripted answer is a \`${printType(scripted)}\``,
        },
      ]),
    );
  }

  private wrongItem(script: CompiledScript, compiled: CompiledItem, call: string): TestStop {
    return new TestStop(
      diagnostic("test.fake_stream_item", compiled.item.item.span, { variant: "wrong_call", call, script: scriptLabel(script) }),
    );
  }
}
