// The connections a built app talks to its model over (docs/production.md): `fetch` on Node's own
// http and https clients, with keep-alive agents the app owns, so `app.close()` can close them
// (the global fetch's pool belongs to the process). Each request is aborted by the signal it is
// sent with: the driver's, which an action stopped past its time limit aborts.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ModelConnections {
  fetch: Fetch;
  /** Closes every connection, idle or not. */
  close(): void;
}

/** The request's body as bytes (the SDK sends JSON text). */
async function bodyBytes(body: RequestInit["body"]): Promise<Uint8Array | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function responseOf(res: IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  const status = res.statusCode ?? 502;
  // A response without a body can't be given one.
  const empty = status === 204 || status === 304;
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? "", headers });
}

export function modelConnections(): ModelConnections {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const fetch: Fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = await bodyBytes(init?.body);
    if (body !== null) headers["content-length"] = String(body.byteLength);
    const secure = url.protocol === "https:";
    return new Promise<Response>((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: init?.method ?? "GET", headers, agent: secure ? agents.https : agents.http, ...(init?.signal ? { signal: init.signal } : {}),
      }, (res) => resolve(responseOf(res)));
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  };
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
