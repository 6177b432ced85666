// `jadpo dev`'s start-up check of a sandbox (docs/dev.md): does the connection's model server
// answer? One `GET <base_url>/models` — no completion, so nothing counts toward `per_day` — and a
// line saying what happened. Not every server that answers chat completions lists its models:
// when `/models` isn't there, a chat completion with no messages asks the route the calls use
// (a server that has it refuses the empty request, and generates nothing). The key is sent as a
// real call sends it and never appears in the line.
import type { ConnectionInfo } from "@jadpo/compiler";
import { driverOptionsFromConnection } from "../drivers/config.ts";
import { redact } from "../drivers/errors.ts";
import type { Env } from "./model.ts";

export type Probe =
  | { answers: true; url: string; model: string }
  | { answers: false; url: string | null; why: string };

const PROBE_TIMEOUT_MS = 3_000;

/** The network error's code (`ECONNREFUSED`, `ENOTFOUND`), or its message. */
function networkProblem(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if ((e as { name?: unknown } | null)?.name === "TimeoutError") return `no answer within ${PROBE_TIMEOUT_MS / 1000}s`;
  return e instanceof Error ? e.message : String(e);
}

export async function probeModel(connection: ConnectionInfo, env: Env): Promise<Probe> {
  const settings = driverOptionsFromConnection(connection, env as NodeJS.ProcessEnv);
  if (!settings.ok) {
    const why = settings.env === null
      ? `\`${connection.name}\` has no \`${settings.setting}\``
      : `\`${settings.env}\` is not set, so \`${connection.name}\`'s ${settings.setting} can't be read`;
    return { answers: false, url: null, why };
  }
  const { baseUrl, apiKey, model } = settings.options;
  const key = apiKey === "" ? null : apiKey;
  const url = redact(baseUrl, key);
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, "")}/models`, {
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { answers: true, url, model };
    if (res.status === 401 || res.status === 403) return { answers: false, url, why: `it refuses the key (HTTP ${res.status})` };
    return await probeChat(baseUrl, key, url, model, res.status);
  } catch (e) {
    return { answers: false, url, why: `it can't be reached (${redact(networkProblem(e), key)})` };
  }
}

/** Statuses that say a route isn't there (rather than that the request was wrong). */
const NO_ROUTE = new Set([404, 405, 501]);

/** `POST <base_url>/chat/completions` with no messages: the route answers (refusing it, 400 or 422) or isn't there. */
async function probeChat(baseUrl: string, key: string | null, url: string, model: string, modelsStatus: number): Promise<Probe> {
  const res = await fetch(`${baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
    body: JSON.stringify({ model, messages: [], max_tokens: 1 }),
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.ok || res.status === 400 || res.status === 422) return { answers: true, url, model };
  if (res.status === 401 || res.status === 403) return { answers: false, url, why: `it refuses the key (HTTP ${res.status})` };
  if (NO_ROUTE.has(res.status)) return { answers: false, url, why: `it answers HTTP ${modelsStatus} to GET /models and HTTP ${res.status} to POST /chat/completions` };
  return { answers: false, url, why: `it answers HTTP ${res.status} to POST /chat/completions` };
}
