// A local stand-in for an OpenAI-compatible model server, for tests only: real HTTP on
// 127.0.0.1, the wire format the official SDK parses, and one behaviour at a time (answer,
// call tools, refuse, each provider error — `Retry-After` included — garbage, slowness, a dropped
// connection), or a script of them, one per model request; answers report token usage. It records every request — for a chat request, its messages and
// tools too — and counts every connection, so a test can prove what was sent, or that nothing
// connected at all.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-cased header names, as node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it isn't JSON. */
  body: unknown;
  /** The client's port: which connection (and so which process) sent it. */
  remotePort: number;
  /** A chat request's `messages` (empty for any other request). */
  messages: unknown[];
  /** A chat request's `tools`, null when it sent none. */
  tools: unknown[] | null;
}

/** One tool call a `tool_calls` step makes; `arguments` is sent as written (text), or as JSON text of an object. */
export interface ScriptedToolCall {
  name: string;
  arguments: string | { [key: string]: unknown };
  /** Default: `call_<request number>_<index>`. */
  id?: string;
}

export type Behaviour =
  /** A chat answer (streamed in pieces of `wordsPerChunk` words when asked to stream); embeddings get a vector. */
  | {
      kind: "answer";
      text: string | ((req: RecordedRequest) => string);
      finishReason?: "stop" | "length" | "content_filter";
      wordsPerChunk?: number;
      /** Delay between streamed chunks. */
      chunkDelayMs?: number;
      /** Streamed only: drop the connection after this many content chunks. */
      closeAfterChunks?: number;
      /** The embedding to give; default a vector derived from the input, as long as `dimensions` asks. */
      embedding?: number[];
      /**
       * The `usage` reported (a stream's only when asked for with `stream_options.include_usage`);
       * null reports none. Default: ⌈characters / 4⌉ of the messages sent, and of the answer.
       */
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
    }
  /** A step calling tools: `message.tool_calls`, finish reason `tool_calls` (not for streams); `usage` as an answer's. */
  | { kind: "tool_calls"; calls: ScriptedToolCall[]; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  /**
   * Each model request (chat or embeddings) behaves as the next of `steps` (a tool loop: calls,
   * then an answer; a retried request: failures, then an answer); past the last, as the last.
   * Probes don't take a step.
   */
  | { kind: "script"; steps: Behaviour[] }
  /** The model declines: `message.refusal` (streamed as `delta.refusal`). */
  | { kind: "refuse"; refusal?: string }
  | { kind: "quota" } // 429 insufficient_quota
  /** 429 rate_limit_exceeded, with `Retry-After: <retryAfter>` (default "20"; null sends none). */
  | { kind: "rate_limit"; retryAfter?: string | null }
  /** 503, the server overloaded, with `Retry-After` when given. */
  | { kind: "unavailable"; retryAfter?: string }
  | { kind: "payment_required" } // 402
  | { kind: "request_timeout" } // 408
  | { kind: "context_length" } // 400 context_length_exceeded
  /** Any status and JSON error body; `body` may be computed from the request (e.g. to echo a header). */
  | { kind: "error"; status: number; body: unknown | ((req: RecordedRequest) => unknown); headers?: Record<string, string> }
  /** 200 with a body that isn't JSON, though it says it is (or, with `contentType`, says something else). */
  | { kind: "garbage"; body?: string; contentType?: string }
  /** 200 JSON that parses but isn't the expected shape. */
  | { kind: "json"; body: unknown }
  /** Wait, then behave as `then`. */
  | { kind: "slow"; delayMs: number; then: Behaviour }
  /** Destroy the socket without answering. */
  | { kind: "close" };

export interface FakeModelServer {
  /** `http://127.0.0.1:PORT/v1` */
  url: string;
  requests: RecordedRequest[];
  /** Connections accepted since start. */
  readonly connections: number;
  /** `GET /v1/models` requests (how `jadpo dev` checks a sandbox answers); not in `requests`. */
  readonly probes: number;
  setBehaviour(b: Behaviour): void;
  close(): Promise<void>;
}

export async function startFakeModelServer(initial: Behaviour): Promise<FakeModelServer> {
  let behaviour = initial;
  /** Chat requests a `script` behaviour has answered. */
  let scriptStep = 0;
  let connections = 0;
  let probes = 0;
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    // A behaviour that fails mid-reply just drops the connection; it never takes the test run down.
    handle(req, res).catch(() => res.destroy());
  });
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    // What `jadpo dev` asks at start-up to see whether the model answers: counted apart from
    // `requests`, which tests count as model requests.
    if (req.method === "GET" && (req.url ?? "").split("?")[0] === "/v1/models") {
      probes++;
      sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model" }] });
      return;
    }
    const body = parseOrText(raw);
    const chat = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0] ?? "",
      headers: { ...req.headers },
      body,
      messages: Array.isArray(chat["messages"]) ? chat["messages"] : [],
      tools: Array.isArray(chat["tools"]) ? chat["tools"] : null,
      remotePort: req.socket.remotePort ?? 0,
    };
    requests.push(recorded);
    const route = recorded.path === "/v1/chat/completions" ? "chat" : recorded.path === "/v1/embeddings" ? "embeddings" : null;
    if (req.method !== "POST" || route === null) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${recorded.path}`, type: "invalid_request_error", code: null } });
      return;
    }
    let now = behaviour;
    if (now.kind === "script") {
      now = now.steps[Math.min(scriptStep, now.steps.length - 1)] ?? { kind: "close" };
      scriptStep++;
    }
    await behave(now, route, recorded, requests.length, req, res);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get connections() {
      return connections;
    },
    get probes() {
      return probes;
    },
    setBehaviour(b: Behaviour) {
      behaviour = b;
      scriptStep = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function behave(
  b: Behaviour, route: "chat" | "embeddings", req: RecordedRequest, n: number, inReq: IncomingMessage, res: ServerResponse,
): Promise<void> {
  const body = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
  switch (b.kind) {
    case "answer":
      if (route === "embeddings") {
        const dims = typeof body["dimensions"] === "number" ? body["dimensions"] : 16;
        const input = String(body["input"] ?? "");
        const vector = b.embedding ?? derivedVector(input, dims);
        const usage = b.usage === undefined ? { prompt_tokens: tokens(input), total_tokens: tokens(input) } : b.usage;
        sendJson(res, 200, {
          object: "list",
          data: [{ object: "embedding", index: 0, embedding: vector }],
          model: body["model"],
          ...(usage === null ? {} : { usage }),
        });
        return;
      }
      {
        const text = typeof b.text === "function" ? b.text(req) : b.text;
        const usage = b.usage === undefined ? { prompt_tokens: tokens(JSON.stringify(req.messages)), completion_tokens: tokens(text) } : b.usage;
        if (body["stream"] === true) {
          await streamAnswer(res, body, text, b, usage);
          return;
        }
        sendJson(res, 200, completion(body, { role: "assistant", content: text, refusal: null }, b.finishReason ?? "stop", usage));
      }
      return;
    case "tool_calls": {
      const calls = b.calls.map((call, i) => ({
        id: call.id ?? `call_${n}_${i + 1}`,
        type: "function",
        function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments) },
      }));
      const usage = b.usage === undefined ? { prompt_tokens: tokens(JSON.stringify(req.messages)), completion_tokens: tokens(JSON.stringify(calls)) } : b.usage;
      sendJson(res, 200, completion(body, { role: "assistant", content: null, refusal: null, tool_calls: calls }, "tool_calls", usage));
      return;
    }
    case "script":
      // A script inside a script behaves as its first step.
      await behave(b.steps[0] ?? { kind: "close" }, route, req, n, inReq, res);
      return;
    case "refuse": {
      const refusal = b.refusal ?? "I can't help with that.";
      if (route === "embeddings") {
        sendJson(res, 400, { error: { message: "The input was flagged by the content filter.", type: "invalid_request_error", code: "content_filter" } });
        return;
      }
      if (body["stream"] === true) {
        startSse(res);
        sendChunk(res, body, { role: "assistant", content: null, refusal: "" }, null);
        sendChunk(res, body, { refusal }, null);
        sendChunk(res, body, {}, "stop");
        res.end("data: [DONE]\n\n");
        return;
      }
      sendJson(res, 200, completion(body, { role: "assistant", content: null, refusal }, "stop", null));
      return;
    }
    case "quota":
      sendJson(res, 429, { error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", param: null, code: "insufficient_quota" } });
      return;
    case "rate_limit": {
      const after = b.retryAfter === undefined ? "20" : b.retryAfter;
      sendJson(res, 429, { error: { message: "Rate limit reached for requests. Please try again in 20s.", type: "requests", param: null, code: "rate_limit_exceeded" } }, after === null ? {} : { "retry-after": after });
      return;
    }
    case "unavailable":
      sendJson(res, 503, { error: { message: "The server is overloaded. Please try again later.", type: "server_error", param: null, code: null } }, b.retryAfter === undefined ? {} : { "retry-after": b.retryAfter });
      return;
    case "payment_required":
      sendJson(res, 402, { error: { message: "Payment required.", type: "billing_error", code: null } });
      return;
    case "request_timeout":
      sendJson(res, 408, { error: { message: "Request timed out.", type: "timeout", code: null } });
      return;
    case "context_length":
      sendJson(res, 400, { error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.", type: "invalid_request_error", param: "messages", code: "context_length_exceeded" } });
      return;
    case "error":
      sendJson(res, b.status, typeof b.body === "function" ? (b.body as (r: RecordedRequest) => unknown)(req) : b.body, b.headers);
      return;
    case "garbage": {
      const text = b.body ?? "<html>502 Bad Gateway</html> not json {";
      res.writeHead(200, { "content-type": b.contentType ?? "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    case "json":
      sendJson(res, 200, b.body);
      return;
    case "slow":
      await delay(b.delayMs, inReq);
      if (res.destroyed || inReq.socket.destroyed) return;
      await behave(b.then, route, req, n, inReq, res);
      return;
    case "close":
      inReq.socket.destroy();
      return;
  }
}

type Usage = { prompt_tokens: number; completion_tokens: number } | null;

/** ⌈characters / 4⌉: a stand-in for a tokenizer, the same for the same text. */
function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

async function streamAnswer(res: ServerResponse, body: Record<string, unknown>, text: string, b: Extract<Behaviour, { kind: "answer" }>, usage: Usage): Promise<void> {
  startSse(res);
  sendChunk(res, body, { role: "assistant", content: "" }, null);
  const pieces = cutWords(text, b.wordsPerChunk ?? 2);
  let sent = 0;
  for (const piece of pieces) {
    if (b.closeAfterChunks !== undefined && sent >= b.closeAfterChunks) {
      // Flush what was written, then close mid-body: the client sees a stream cut short.
      res.socket?.end();
      return;
    }
    if (b.chunkDelayMs !== undefined) await delay(b.chunkDelayMs, null);
    if (res.destroyed) return;
    sendChunk(res, body, { content: piece }, null);
    sent++;
  }
  sendChunk(res, body, {}, b.finishReason ?? "stop");
  // As OpenAI does: the usage in a last chunk without choices, only when the request asks for it.
  const options = body["stream_options"];
  if (usage !== null && typeof options === "object" && options !== null && (options as Record<string, unknown>)["include_usage"] === true) {
    res.write(`data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1767225600, model: body["model"], choices: [], usage })}\n\n`);
  }
  res.end("data: [DONE]\n\n");
}

/** Pieces of `n` words, each word keeping the whitespace after it, so the pieces join to the text. */
export function cutWords(text: string, n: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += n) pieces.push(words.slice(i, i + n).join(""));
  return pieces;
}

function completion(body: Record<string, unknown>, message: Record<string, unknown>, finishReason: string, usage: Usage): unknown {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1767225600,
    model: body["model"],
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    ...(usage === null ? {} : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  };
}

function startSse(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
}

function sendChunk(res: ServerResponse, body: Record<string, unknown>, delta: Record<string, unknown>, finishReason: string | null): void {
  const chunk = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1767225600,
    model: body["model"],
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function parseOrText(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Resolves after `ms`, or early when the client goes away (so a slow reply never outlives its test). */
function delay(ms: number, req: IncomingMessage | null): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    req?.socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A fixed, input-dependent vector: the same text always gives the same numbers. */
function derivedVector(input: string, dims: number): number[] {
  let h = 2166136261;
  for (const ch of input) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  const out: number[] = [];
  for (let i = 0; i < dims; i++) {
    h = Math.imul(h ^ (i + 1), 16777619) >>> 0;
    out.push(Math.round(((h % 2000) / 1000 - 1) * 1000) / 1000);
  }
  return out;
}
