// The answers `jadpo dev` and `jadpo serve` send: JSON (and dev's HTML page) with headers that keep
// a browser from sniffing or caching them, and the error body every failure takes:
// `{"error":{"code","message","request_id"}}` (docs/dev.md, docs/production.md).
import type { ServerResponse } from "node:http";

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

/** The body of every refusal and failure. */
export function errorBody(code: string, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}

export function sendError(res: ServerResponse, status: number, code: string, message: string, requestId: string): void {
  sendJson(res, status, errorBody(code, message, requestId));
}
