// Reading a request's body, bounded, for `jadpo dev` and `jadpo serve` alike.
import type { IncomingMessage } from "node:http";

/**
 * Why a body was not read: larger than the limit, not UTF-8, not sent in time (Node has answered
 * 408 and closed the connection), or cut short (a request Node can't parse to its end, answered
 * 400 by Node, or a connection closed mid-body).
 */
export type BodyProblem = "too_large" | "not_utf8" | "timed_out" | "unreadable";

export type BodyRead = { ok: true; text: string } | { ok: false; problem: string; cause: BodyProblem };

/** How much a body may hold, and what to say of a larger one. */
export interface BodyLimit {
  bytes: number;
  problem: string;
}

/**
 * The body as UTF-8 text. An oversized one resolves at once with its problem (the caller answers)
 * and the rest is read and dropped, not kept; the answer closes the connection (reply.ts), which
 * bounds how much more is read.
 */
export function readBody(req: IncomingMessage, limit: BodyLimit): Promise<BodyRead> {
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
        finish({ ok: false, problem: limit.problem, cause: "too_large" });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        finish({ ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish({ ok: false, problem: "The request body is not UTF-8 text", cause: "not_utf8" });
      }
    });
    req.on("error", () => {
      // Node's own time limit on a request destroys its socket with this code, after answering 408.
      const timedOut = (req.socket.errored as NodeJS.ErrnoException | null)?.code === "ERR_HTTP_REQUEST_TIMEOUT";
      finish(timedOut
        ? { ok: false, problem: "The request body was not sent in time", cause: "timed_out" }
        : { ok: false, problem: "The request body could not be read", cause: "unreadable" });
    });
  });
}

/** Whether a POST says its body is JSON (a plain HTML form can't, so it can't post cross-site). */
export function isJsonRequest(req: IncomingMessage): boolean {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json";
}
