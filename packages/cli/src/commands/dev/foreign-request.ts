// What only `jadpo dev` checks of a request (docs/dev.md): that it comes from this machine's own
// pages and programs, since anyone who can reach it could spend the sandbox's model budget or
// read the call log.
import type { IncomingMessage } from "node:http";

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
