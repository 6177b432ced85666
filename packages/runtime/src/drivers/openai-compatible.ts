// The `openai_compatible` driver: chat completions, streamed completions and embeddings over
// any OpenAI-compatible HTTP API (OpenAI itself, or a local server such as llama.cpp, vLLM or
// Ollama), through the official SDK. Every outcome comes back as data, with the usage the model
// reports; a request that fails in transport is sent again by the connection's `retries:`
// (retried.ts). The key never leaves the Authorization header.
import OpenAI from "openai";
import { AnswerTooLong, bodyBound, cappedFetch, overMaxAnswer } from "./answer-cap.ts";
import { classifyError, classifyProviderError, failure, isRecord } from "./errors.ts";
import { chatMessages, chatTools } from "./messages.ts";
import type { StopWord } from "@jadpo/compiler";
import { readToolCalls } from "./tool-calls.ts";
import { isFailure, sendRetried } from "./retried.ts";
import type { RetryPolicy } from "../ai/retry-policy.ts";
import type {
  AiDriver, CompletionRequest, DriverFailure, DriverResult, DriverRetry, ModelTurn, RequestOptions, StreamResult,
} from "./types.ts";
import type { TokenUsage } from "../ai/backend.ts";

export interface OpenAiDriverOptions {
  /** e.g. `http://127.0.0.1:8080/v1` */
  baseUrl: string;
  model: string;
  /** null: send no Authorization header at all (a local model needs none). */
  apiKey: string | null;
  /** The whole call, reading the answer included. */
  timeoutMs: number;
  /** The longest answer accepted, in bytes of UTF-8 text: a longer one is `too_long`, and no more of it is read. */
  maxAnswerBytes: number;
  embeddingDimensions: number;
  /** What requests go through (default: the global fetch); a built app passes its own connections. */
  fetch?: Fetch;
  /** How a request that failed in transport is sent again: the connection's `retries:` and `timeout`. */
  retries: RetryPolicy;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

// The SDK insists on some credential; with no key it gets this one and the header is removed
// twice over (a null default header, and the fetch wrapper below), so it never goes out.
const NO_KEY = "jadpo-no-key";

const silent = { error() {}, warn() {}, info() {}, debug() {} };

/** `transport` without any Authorization header: the request a keyless connection sends. */
const withoutAuthorization = (transport: Fetch): Fetch => (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete("authorization");
  return transport(input, { ...init, headers });
};

export function createOpenAiDriver(options: OpenAiDriverOptions): AiDriver {
  const key = options.apiKey === "" ? null : options.apiKey;
  const max = options.maxAnswerBytes;
  const transport = options.fetch ?? fetch;
  const baseFetch = key === null ? withoutAuthorization(transport) : transport;
  /** A client whose responses are read up to `bound` bytes (a stream's: per event line; its text is counted as it arrives). */
  const clientReading = (bound: number, per: "body" | "line"): OpenAI => new OpenAI({
    baseURL: options.baseUrl,
    apiKey: key ?? NO_KEY,
    // Settings the SDK would otherwise take from OPENAI_* variables: a connection says everything.
    adminAPIKey: null,
    organization: null,
    project: null,
    maxRetries: 0, // one ask is one attempt (docs/ai.md); the runtime decides about asking again
    timeout: options.timeoutMs,
    logLevel: "off",
    logger: silent,
    fetch: cappedFetch(baseFetch, bound, max, per),
    ...(key === null ? { defaultHeaders: { Authorization: null } } : {}),
  });
  const completions = clientReading(bodyBound(max), "body");
  const streams = clientReading(bodyBound(max), "line");
  // An embedding is numbers, not text: its body may also hold each of them in full.
  const embeddings = clientReading(bodyBound(max, options.embeddingDimensions * 32), "body");
  const ctx = { baseUrl: options.baseUrl, key, timeoutMs: options.timeoutMs, maxAnswerBytes: max };
  const stoppedByCaller = () => failure("timed_out", "the request was stopped before the model answered", key);

  /** One send's deadline, and its caller's signal: the abort signal the SDK call takes, whether the deadline fired, and a way to stop it early. */
  function deadline(signal: AbortSignal | undefined): { signal: AbortSignal; hit: () => boolean; abort: () => void; done: () => void } {
    const controller = new AbortController();
    let hit = false;
    const timer = setTimeout(() => {
      hit = true;
      controller.abort();
    }, options.timeoutMs);
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort, { once: true });
    if (signal?.aborted) controller.abort();
    return {
      signal: controller.signal,
      hit: () => hit,
      abort,
      done: () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", abort);
      },
    };
  }

  /** Run one SDK call under the deadline; any throw becomes a DriverFailure. */
  async function sendOnce<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined): Promise<{ ok: true; value: T } | DriverFailure> {
    const limit = deadline(signal);
    try {
      return { ok: true, value: await run(limit.signal) };
    } catch (e) {
      return classifyError(e, { ...ctx, deadlineHit: limit.hit() });
    } finally {
      limit.done();
    }
  }

  /** `send` with the connection's retries; the retries taken go with the result. */
  async function retried<T extends object>(send: () => Promise<T | DriverFailure>, requestOptions: RequestOptions): Promise<(T | DriverFailure) & { retries?: DriverRetry[] }> {
    const { result, retries } = await sendRetried(send, options.retries, requestOptions, stoppedByCaller);
    if (retries.length === 0) return result;
    if (isFailure(result)) {
      return { ...result, message: `${result.message} (after ${retries.length} ${retries.length === 1 ? "retry" : "retries"})`, retries };
    }
    return { ...result, retries };
  }

  /**
   * One streamed request: the stream, or — while no text has arrived — the request's failure (sent
   * again when it failed in transport). A failure after some text stops the stream with it.
   */
  async function streamOnce(req: CompletionRequest, onDelta: ((delta: string) => void) | undefined, signal: AbortSignal | undefined): Promise<StreamResult | DriverFailure> {
    const limit = deadline(signal);
    const deltas: string[] = [];
    let stopped: StopWord = "finished";
    let usage: TokenUsage | null = null;
    let bytes = 0;
    let broken: DriverFailure | null = null;
    try {
      const chunks = await streams.chat.completions.create(
        // The usage comes in a last chunk, only when asked for.
        { model: options.model, messages: chatMessages(req), stream: true, stream_options: { include_usage: true } },
        { signal: limit.signal },
      );
      for await (const chunk of chunks as AsyncIterable<unknown>) {
        const read = readChunk(chunk);
        if (read.kind === "error") {
          broken = classifyProviderError(read.error, key);
          break;
        }
        if (read.text !== "") {
          bytes += Buffer.byteLength(read.text, "utf8");
          if (bytes > max) {
            // Past max_answer: the stream stops here, nothing more is read.
            stopped = "too_long";
            limit.abort();
            break;
          }
          deltas.push(read.text);
          onDelta?.(read.text);
        }
        if (read.stop !== null) stopped = read.stop;
        if (read.usage !== null) usage = read.usage;
      }
      // The SDK ends the loop quietly when the deadline aborts it.
      if (limit.hit() && stopped !== "too_long") stopped = "timed_out";
    } catch (e) {
      broken = classifyError(e, { ...ctx, deadlineHit: limit.hit() });
    } finally {
      limit.done();
    }
    if (broken !== null) {
      if (deltas.length === 0) return broken;
      if (broken.failure === "unreachable" || broken.failure === "model_error") {
        return { ok: false, failure: broken.failure, message: broken.message, partialText: deltas.join("") };
      }
      stopped = broken.failure;
    }
    return { ok: true, value: { text: deltas.join(""), deltas, stopped, ...(usage === null ? {} : { usage }) } };
  }

  return {
    async complete(req: CompletionRequest, requestOptions: RequestOptions = {}): Promise<DriverResult<ModelTurn>> {
      const tools = chatTools(req.tools);
      return retried(async () => {
        const sent = await sendOnce(async (signal): Promise<unknown> =>
          completions.chat.completions.create({ model: options.model, messages: chatMessages(req), ...(tools === undefined ? {} : { tools }) }, { signal }), requestOptions.signal);
        if (!sent.ok) return sent;
        return readCompletion(sent.value, key, max, tools !== undefined);
      }, requestOptions);
    },

    async stream(req: CompletionRequest, onDelta?: (delta: string) => void, requestOptions: RequestOptions = {}): Promise<StreamResult> {
      const result = await retried(() => streamOnce(req, onDelta, requestOptions.signal), requestOptions);
      if (result.ok || "partialText" in result) return result;
      // The request failed before any text: a connection failure, or a stream that stops at once.
      const retries = result.retries === undefined ? {} : { retries: result.retries };
      if (result.failure === "unreachable" || result.failure === "model_error") {
        return { ok: false, failure: result.failure, message: result.message, partialText: "", ...retries };
      }
      return { ok: true, value: { text: "", deltas: [], stopped: result.failure }, ...retries };
    },

    async embed(text: string, requestOptions: RequestOptions = {}): Promise<DriverResult<number[]>> {
      return retried(async () => {
        const sent = await sendOnce(async (signal): Promise<unknown> =>
          embeddings.embeddings.create(
            { model: options.model, input: text, dimensions: options.embeddingDimensions, encoding_format: "float" },
            { signal },
          ), requestOptions.signal);
        if (!sent.ok) return sent;
        return readEmbedding(sent.value, options.embeddingDimensions, key);
      }, requestOptions);
    },
  };
}

/** A chat completion body: its text or its tool calls, or why there are none. */
function readCompletion(body: unknown, key: string | null, maxAnswerBytes: number, toolsSent: boolean): DriverResult<ModelTurn> {
  if (isRecord(body) && isRecord(body["error"])) return classifyProviderError(errorFields(body["error"], undefined), key);
  const choice = isRecord(body) && Array.isArray(body["choices"]) ? body["choices"][0] : undefined;
  const message = isRecord(choice) ? choice["message"] : undefined;
  if (!isRecord(choice) || !isRecord(message)) {
    return failure("model_error", "the model's answer is not a chat completion", key);
  }
  const refusal = message["refusal"];
  if (typeof refusal === "string" && refusal !== "") return failure("refused", `the model refused: ${refusal}`, key);
  const finish = choice["finish_reason"];
  if (finish === "content_filter") return failure("refused", "the model's content filter stopped the answer", key);
  if (finish === "length") return failure("too_long", "the answer was cut at the model's length limit", key);
  const calls = message["tool_calls"];
  // A model that calls tools may say something beside them: the calls are its turn.
  if (calls !== undefined && calls !== null && !(Array.isArray(calls) && calls.length === 0)) {
    if (!toolsSent) return failure("model_error", "the model called a tool, but the prompt gives it none", key);
    const read = readToolCalls(calls, maxAnswerBytes);
    if (!read.ok) return failure(read.failure, read.message, key);
    return answered({ kind: "tool_calls", calls: read.calls }, body);
  }
  const content = message["content"];
  if (typeof content !== "string") return failure("model_error", "the model's answer has no text", key);
  if (overMaxAnswer(content, maxAnswerBytes)) return failure("too_long", new AnswerTooLong(maxAnswerBytes).message, key);
  return answered({ kind: "answer", text: content }, body);
}

/** `value` with the usage `body` reports, when it reports one. */
function answered<T>(value: T, body: unknown): DriverResult<T> {
  const usage = reportedUsage(body);
  return usage === null ? { ok: true, value } : { ok: true, value, usage };
}

/** A response's `usage` (`prompt_tokens`, `completion_tokens`) as input and output tokens; null when it has none that reads so. */
export function reportedUsage(body: unknown): TokenUsage | null {
  const usage = isRecord(body) ? body["usage"] : undefined;
  if (!isRecord(usage)) return null;
  const count = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  const input = usage["prompt_tokens"];
  const output = usage["completion_tokens"] ?? 0; // an embedding reports its input only
  return count(input) && count(output) ? { input_tokens: input, output_tokens: output } : null;
}

type ChunkRead =
  | { kind: "piece"; text: string; stop: StopWord | null; usage: TokenUsage | null }
  | { kind: "error"; error: ReturnType<typeof errorFields> };

/** One streamed chunk: its text delta, the stop it announces, and the usage the last chunk reports, if any. */
function readChunk(chunk: unknown): ChunkRead {
  const usage = reportedUsage(chunk);
  if (!isRecord(chunk)) return { kind: "piece", text: "", stop: null, usage };
  if (isRecord(chunk["error"])) return { kind: "error", error: errorFields(chunk["error"], undefined) };
  const choice = Array.isArray(chunk["choices"]) ? chunk["choices"][0] : undefined;
  if (!isRecord(choice)) return { kind: "piece", text: "", stop: null, usage };
  const delta = isRecord(choice["delta"]) ? choice["delta"] : {};
  const text = typeof delta["content"] === "string" ? delta["content"] : "";
  const refusal = typeof delta["refusal"] === "string" && delta["refusal"] !== "";
  const finish = choice["finish_reason"];
  const stop: StopWord | null = refusal || finish === "content_filter" ? "refused"
    : finish === "length" ? "too_long"
    : null;
  return { kind: "piece", text, stop, usage };
}

function readEmbedding(body: unknown, dimensions: number, key: string | null): DriverResult<number[]> {
  if (isRecord(body) && isRecord(body["error"])) return classifyProviderError(errorFields(body["error"], undefined), key);
  const first = isRecord(body) && Array.isArray(body["data"]) ? body["data"][0] : undefined;
  const vector = isRecord(first) ? first["embedding"] : undefined;
  if (!Array.isArray(vector) || !vector.every((n) => typeof n === "number" && Number.isFinite(n))) {
    return failure("model_error", "the model's answer is not an embedding", key);
  }
  if (vector.length !== dimensions) {
    return failure("model_error", `the model gave ${vector.length} numbers where embedding_dimensions is ${dimensions}`, key);
  }
  return answered(vector as number[], body);
}

function errorFields(e: Record<string, unknown>, status: number | undefined) {
  return {
    status,
    code: typeof e["code"] === "string" ? e["code"] : "",
    type: typeof e["type"] === "string" ? e["type"] : "",
    message: typeof e["message"] === "string" ? e["message"] : "",
  };
}
