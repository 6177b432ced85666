// The answers `jadpo dev` and `jadpo serve` send: JSON (and dev's HTML page) with headers that keep
// a browser from sniffing or caching them, and the error body every failure takes:
// `{"error":{"code","message","request_id"}}` (docs/dev.md, docs/production.md).
import type { ServerResponse } from "node:http";

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

/** How long a connection closed with its request's body unread goes on reading (and dropping) it. */
const LINGER_MS = 1000;

/**
 * After an answer sent before the request's body was all read (refused first, or past its limit):
 * the connection closes, so no more of the body is waited for. Until the client closes its side
 * (or for LINGER_MS) the rest it sends is still read and dropped: a socket closed with data unread
 * is reset, and a client still writing its body then fails on its write, often before reading
 * the answer.
 */
function closeAfterAnswer(res: ServerResponse): void {
  const socket = res.socket;
  if (res.req.complete || socket === null) return;
  res.setHeader("connection", "close");
  res.once("finish", () => {
    if (socket.destroyed) return;
    // Node half-closes the socket once the answer is written and destroys it when that is done
    // (`destroySoon`); it is destroyed instead when the client closes its side, or at the latest here.
    socket.removeListener("finish", socket.destroy);
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(cut));
  });
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = `${JSON.stringify(value)}\n`;
  closeAfterAnswer(res);
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
