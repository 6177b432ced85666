// The few HTTP helpers the dev server needs: a bounded body read, JSON and HTML replies, and the
// error body every failure takes (docs/dev.md): `{"error":{"code","message","request_id"}}`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_FILE_BYTES } from "@jadpo/compiler";

export type BodyRead = { ok: true; text: string } | { ok: false; problem: string };

export function readBody(req: IncomingMessage): Promise<BodyRead> {
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
      // The limit a source file or recording has.
      if (size > MAX_FILE_BYTES) {
        finish({ ok: false, problem: "The request body is larger than 16 MiB" });
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        finish({ ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish({ ok: false, problem: "The request body is not UTF-8 text" });
      }
    });
    req.on("error", () => finish({ ok: false, problem: "The request body could not be read" }));
  });
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

export function sendError(res: ServerResponse, status: number, code: string, message: string, requestId: string): void {
  sendJson(res, status, { error: { code, message, request_id: requestId } });
}
