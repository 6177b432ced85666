// The few HTTP helpers the dev server needs: a bounded body read, JSON and HTML replies, and the
// error body every failure takes (docs/dev.md): `{"error":{"code","message","request_id"}}`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_FILE_BYTES } from "@jadpo/compiler";

export type BodyRead = { ok: true; text: string } | { ok: false; problem: string; tooLarge: boolean };

/** How much a body may hold, and what to say of a larger one. */
export interface BodyLimit {
  bytes: number;
  problem: string;
}

/** The limit a source file or recording has. */
const DEV_LIMIT: BodyLimit = { bytes: MAX_FILE_BYTES, problem: "The request body is larger than 16 MiB" };

/**
 * The body as UTF-8 text. An oversized one resolves at once with its problem (the caller answers)
 * and the rest is read and dropped, so the client gets that answer rather than a reset; past four
 * times the limit, an endless body is not drained for ever and the connection is cut.
 */
export function readBody(req: IncomingMessage, limit: BodyLimit = DEV_LIMIT): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (read: BodyRead) => {
      if (done) return;
      done = true;
      resolve(read);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit.bytes) {
        chunks.length = 0;
        finish({ ok: false, problem: limit.problem, tooLarge: true });
        if (size > 4 * limit.bytes) req.socket.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        finish({ ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish({ ok: false, problem: "The request body is not UTF-8 text", tooLarge: false });
      }
    });
    req.on("error", () => finish({ ok: false, problem: "The request body could not be read", tooLarge: false }));
  });
}

export interface Refusal {
  status: 400 | 403;
  code: "invalid_request" | "forbidden";
  message: string;
}

/** How many `Host` lines the request carried (Node's `headers.host` keeps only the first). */
function hostLines(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") count++;
  return count;
}

/**
 * Why a request from somewhere other than this machine's own pages is refused, or null.
 * A `Host` other than the server's own address is DNS rebinding; a foreign `Origin` is another
 * web page posting (both would let any site spend the sandbox's model budget or read the log).
 * Two `Host` lines are malformed HTTP (a 400): the first could be ours while a proxy reads the second.
 */
export function foreignRequest(req: IncomingMessage): Refusal | null {
  if (hostLines(req) > 1) return { status: 400, code: "invalid_request", message: "A request takes one `Host` header, not several" };
  const port = req.socket.localPort;
  const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const host = (req.headers.host ?? "").toLowerCase();
  if (!own.has(host)) return { status: 403, code: "forbidden", message: "jadpo dev answers only requests addressed to 127.0.0.1 or localhost at its port" };
  const origin = req.headers.origin;
  // An origin is a scheme and a host: without `http://` it is no page of ours (nor is a
  // sandboxed page's or a file's `Origin: null`).
  if (origin !== undefined && !new Set([...own].map((h) => `http://${h}`)).has(origin.toLowerCase())) {
    return { status: 403, code: "forbidden", message: "jadpo dev answers only its own pages and programs on this machine, not other web pages" };
  }
  return null;
}

/** Whether a POST says its body is JSON (a plain HTML form can't, so it can't post cross-site). */
export function isJsonRequest(req: IncomingMessage): boolean {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json";
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = `${JSON.stringify(value)}\n`;
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...SECURITY_HEADERS,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    // The page shows values people typed: no script may run in it, whatever they contain.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    ...SECURITY_HEADERS,
  });
  res.end(html);
}

/** The body of every refusal and failure the dev server answers. */
export function errorBody(code: string, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}

export function sendError(res: ServerResponse, status: number, code: string, message: string, requestId: string): void {
  sendJson(res, status, errorBody(code, message, requestId));
}
