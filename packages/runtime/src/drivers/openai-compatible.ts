// The `openai_compatible` driver: chat completions, streamed completions and embeddings over
// any OpenAI-compatible HTTP API (OpenAI itself, or a local server such as llama.cpp, vLLM or
// Ollama), through the official SDK. Every outcome comes back as data; the key never leaves
// the Authorization header.
import OpenAI from "openai";
import { AnswerTooLong, bodyBound, cappedFetch, overMaxAnswer } from "./answer-cap.ts";
import { classifyError, classifyProviderError, failure, isRecord } from "./errors.ts";
import { chatMessages, chatTools } from "./messages.ts";
import type { StopWord } from "@jadpo/compiler";
import { readToolCalls } from "./tool-calls.ts";
import type { AiDriver, CompletionRequest, DriverFailure, DriverResult, ModelTurn, StreamResult } from "./types.ts";

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

  /** Run one SDK call under the call's deadline; any throw becomes a DriverFailure. */
  async function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | DriverFailure> {
    const controller = new AbortController();
    let deadlineHit = false;
    const timer = setTimeout(() => {
      deadlineHit = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      return { ok: true, value: await run(controller.signal) };
    } catch (e) {
      return classifyError(e, { ...ctx, deadlineHit });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async complete(req: CompletionRequest): Promise<DriverResult<ModelTurn>> {
      const tools = chatTools(req.tools);
      const sent = await withDeadline(async (signal): Promise<unknown> =>
        completions.chat.completions.create({ model: options.model, messages: chatMessages(req), ...(tools === undefined ? {} : { tools }) }, { signal }));
      if (!sent.ok) return sent;
      return readCompletion(sent.value, key, max, tools !== undefined);
    },

    async stream(req: CompletionRequest, onDelta?: (delta: string) => void): Promise<StreamResult> {
      const controller = new AbortController();
      let deadlineHit = false;
      const timer = setTimeout(() => {
        deadlineHit = true;
        controller.abort();
      }, options.timeoutMs);
      const deltas: string[] = [];
      let stopped: StopWord = "finished";
      let bytes = 0;
      try {
        const chunks = await streams.chat.completions.create(
          { model: options.model, messages: chatMessages(req), stream: true },
          { signal: controller.signal },
        );
        for await (const chunk of chunks as AsyncIterable<unknown>) {
          const read = readChunk(chunk);
          if (read.kind === "error") {
            const f = classifyProviderError(read.error, key);
            if (f.failure === "unreachable" || f.failure === "model_error") {
              return { ok: false, failure: f.failure, message: f.message, partialText: deltas.join("") };
            }
            stopped = f.failure;
            break;
          }
          if (read.text !== "") {
            bytes += Buffer.byteLength(read.text, "utf8");
            if (bytes > max) {
              // Past max_answer: the stream stops here, nothing more is read.
              stopped = "too_long";
              controller.abort();
              break;
            }
            deltas.push(read.text);
            onDelta?.(read.text);
          }
          if (read.stop !== null) stopped = read.stop;
        }
        // The SDK ends the loop quietly when the deadline aborts it.
        if (deadlineHit && stopped !== "too_long") stopped = "timed_out";
      } catch (e) {
        const f = classifyError(e, { ...ctx, deadlineHit });
        if (f.failure === "unreachable" || f.failure === "model_error") {
          return { ok: false, failure: f.failure, message: f.message, partialText: deltas.join("") };
        }
        stopped = f.failure;
      } finally {
        clearTimeout(timer);
      }
      return { ok: true, value: { text: deltas.join(""), deltas, stopped } };
    },

    async embed(text: string): Promise<DriverResult<number[]>> {
      const sent = await withDeadline(async (signal): Promise<unknown> =>
        embeddings.embeddings.create(
          { model: options.model, input: text, dimensions: options.embeddingDimensions, encoding_format: "float" },
          { signal },
        ));
      if (!sent.ok) return sent;
      return readEmbedding(sent.value, options.embeddingDimensions, key);
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
    return { ok: true, value: { kind: "tool_calls", calls: read.calls } };
  }
  const content = message["content"];
  if (typeof content !== "string") return failure("model_error", "the model's answer has no text", key);
  if (overMaxAnswer(content, maxAnswerBytes)) return failure("too_long", new AnswerTooLong(maxAnswerBytes).message, key);
  return { ok: true, value: { kind: "answer", text: content } };
}

type ChunkRead =
  | { kind: "piece"; text: string; stop: StopWord | null }
  | { kind: "error"; error: ReturnType<typeof errorFields> };

/** One streamed chunk: its text delta, and the stop it announces, if any. */
function readChunk(chunk: unknown): ChunkRead {
  if (!isRecord(chunk)) return { kind: "piece", text: "", stop: null };
  if (isRecord(chunk["error"])) return { kind: "error", error: errorFields(chunk["error"], undefined) };
  const choice = Array.isArray(chunk["choices"]) ? chunk["choices"][0] : undefined;
  if (!isRecord(choice)) return { kind: "piece", text: "", stop: null };
  const delta = isRecord(choice["delta"]) ? choice["delta"] : {};
  const text = typeof delta["content"] === "string" ? delta["content"] : "";
  const refusal = typeof delta["refusal"] === "string" && delta["refusal"] !== "";
  const finish = choice["finish_reason"];
  const stop: StopWord | null = refusal || finish === "content_filter" ? "refused"
    : finish === "length" ? "too_long"
    : null;
  return { kind: "piece", text, stop };
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
  return { ok: true, value: vector as number[] };
}

function errorFields(e: Record<string, unknown>, status: number | undefined) {
  return {
    status,
    code: typeof e["code"] === "string" ? e["code"] : "",
    type: typeof e["type"] === "string" ? e["type"] : "",
    message: typeof e["message"] === "string" ? e["message"] : "",
  };
}
