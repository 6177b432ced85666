// Reading a request's body, bounded, for `jadpo dev` and `jadpo serve` alike.
import type { IncomingMessage } from "node:http";

export type BodyRead = { ok: true; text: string } | { ok: false; problem: string; tooLarge: boolean };

/** How much a body may hold, and what to say of a larger one. */
export interface BodyLimit {
  bytes: number;
  problem: string;
}

/**
 * The body as UTF-8 text. An oversized one resolves at once with its problem (the caller answers)
 * and the rest is read and dropped, so the client gets that answer rather than a reset; past four
 * times the limit, an endless body is not drained for ever and the connection is cut.
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

/** Whether a POST says its body is JSON (a plain HTML form can't, so it can't post cross-site). */
export function isJsonRequest(req: IncomingMessage): boolean {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json";
}
