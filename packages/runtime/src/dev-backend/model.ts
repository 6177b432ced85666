// Asking the real model for a sandboxed prompt in `jadpo dev` (docs/dev.md): the connection's
// settings read from the environment now, one request reserved in the day's budget (and one more
// for each retry the driver sends), then the driver. Anything that stops the request — no key, the budget used up, no model answering —
// comes back as the reason the call is faked instead; the key never appears in a reason.
import type { CheckedProgram, ConnectionInfo, PromptInfo } from "@jadpo/compiler";
import { driverOptionsFromConnection } from "../drivers/config.ts";
import { createOpenAiDriver, type OpenAiDriverOptions } from "../drivers/openai-compatible.ts";
import type { AiDriver, DriverFailure, RequestOptions } from "../drivers/types.ts";
import type { UsageCounter } from "./usage.ts";

export type Env = Readonly<Record<string, string | undefined>>;

export type MakeDriver = (options: OpenAiDriverOptions) => AiDriver;

/** The driver to ask with, or why the model isn't asked this time. */
export type ModelAccess =
  /**
   * `refund` gives the reserved request back when it never reached the model (refused, DNS);
   * `options` counts each retry the driver sends as one more request (`beforeRetry`), and stops
   * retrying at the limit (`stoppedAt` then says so).
   */
  | { ok: true; driver: AiDriver; refund: () => Promise<void>; options: RequestOptions; stoppedAt: () => string | null }
  | { ok: false; reason: string };

/** The ai connection when it sandboxes `prompt`, else null (the call is faked, as in tests). */
export function sandboxingConnection(program: CheckedProgram, prompt: PromptInfo): ConnectionInfo | null {
  const connection = program.connection;
  return connection !== null && connection.sandbox.includes(prompt.name) ? connection : null;
}

/**
 * Reserves one real request for `connection` and gives the driver to send it with. Settings are
 * checked first, so a request that can't be sent is never counted.
 */
export async function accessModel(
  connection: ConnectionInfo, env: Env, usage: UsageCounter, makeDriver: MakeDriver = createOpenAiDriver,
): Promise<ModelAccess> {
  const settings = driverOptionsFromConnection(connection, env as NodeJS.ProcessEnv);
  if (!settings.ok) {
    if (settings.env === null) return { ok: false, reason: `\`${connection.name}\` has no \`${settings.setting}\`` };
    return { ok: false, reason: `\`${settings.env}\` is not set, so \`${connection.name}\`'s ${settings.setting} can't be read` };
  }
  if (connection.driver !== "openai_compatible") {
    return { ok: false, reason: `\`${connection.name}\`'s driver \`${connection.driver}\` is not one jadpo can run` };
  }
  const limit = connection.perDay ?? Number.POSITIVE_INFINITY;
  let grant;
  try {
    grant = await usage.reserve(connection.name, limit);
  } catch (e) {
    // proper-lockfile's code for a lock it waited on in vain; anything else is the write failing (a full disk).
    const code = (e as { code?: unknown } | null)?.code;
    if (code === "ELOCKED" || typeof code !== "string") {
      return { ok: false, reason: "the sandbox's request counter (.jadpo/dev/usage.json) stayed locked by another process" };
    }
    return { ok: false, reason: `the sandbox's request counter (.jadpo/dev/usage.json) can't be written (${code})` };
  }
  if (!grant.granted) return { ok: false, reason: limitReached(grant) };
  // The last request reserved (its day), until it is given back: a refund gives back that one, once.
  let reserved: string | null = grant.day;
  let stopped: string | null = null;
  const refund = async () => {
    if (reserved === null) return;
    const day = reserved;
    reserved = null;
    await usage.refund(connection.name, day);
  };
  const beforeRetry = async (failed: DriverFailure): Promise<boolean> => {
    // The request before it never reached the model: it isn't one of the day's.
    if (failed.failure === "unreachable") await refund();
    let next;
    try {
      next = await usage.reserve(connection.name, limit);
    } catch {
      return false; // the counter can't be written: send no more than it counted
    }
    if (!next.granted) {
      stopped = `its retries stopped: ${limitReached(next)}`;
      return false;
    }
    reserved = next.day;
    return true;
  };
  return { ok: true, driver: makeDriver(settings.options), refund, options: { beforeRetry }, stoppedAt: () => stopped };
}

function limitReached(grant: { limit: number; day: string }): string {
  return `the sandbox's per_day limit of ${grant.limit} model requests is reached for ${grant.day} (UTC)`;
}

/** Why a connection failure makes the call faked. */
export function connectionFailureReason(failure: "unreachable" | "model_error", message: string): string {
  return failure === "unreachable" ? `the model can't be reached: ${message}` : `the model answered with an error: ${message}`;
}
