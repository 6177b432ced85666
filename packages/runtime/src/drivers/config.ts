// Reading a connection's settings at the moment of a real call (docs/language.md): `env(NAME)` is
// evaluated here, never at compile time, and a key that can't be read is reported by name only.
import type { ConfigText, ConnectionInfo } from "@jadpo/compiler";
import type { OpenAiDriverOptions } from "./openai-compatible.ts";
import { retryPolicyOf } from "../ai/retry-policy.ts";

/** The base URL a connection without `base_url` talks to: a local OpenAI-compatible server. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1";

/** `env(NAME)` with NAME unset and no default is `{ missing: NAME }`; a set variable wins over the default, even when empty. */
export function resolveConfigText(c: ConfigText, env: NodeJS.ProcessEnv): string | { missing: string } {
  if (c.kind === "literal") return c.value;
  const value = env[c.name];
  if (value !== undefined) return value;
  if (c.fallback !== null) return c.fallback;
  return { missing: c.name };
}

export type ConnectionSetting = "base_url" | "model" | "key";

export type DriverOptionsResult =
  | { ok: true; options: OpenAiDriverOptions }
  /** `env` names the unset variable; null when the setting is simply absent (only `model` can be). */
  | { ok: false; setting: ConnectionSetting; env: string | null };

/**
 * The driver options for a connection, read from the environment now. A `key` that resolves
 * to "" (or is absent) means no key: nothing is sent (a local model needs none). A missing key
 * variable is the caller's `ai.key_missing`.
 */
export function driverOptionsFromConnection(conn: ConnectionInfo, env: NodeJS.ProcessEnv): DriverOptionsResult {
  const baseUrl = conn.baseUrl === null ? DEFAULT_BASE_URL : resolveConfigText(conn.baseUrl, env);
  if (typeof baseUrl !== "string") return { ok: false, setting: "base_url", env: baseUrl.missing };
  if (conn.model === null) return { ok: false, setting: "model", env: null };
  const model = resolveConfigText(conn.model, env);
  if (typeof model !== "string") return { ok: false, setting: "model", env: model.missing };
  const key = conn.key === null ? "" : resolveConfigText(conn.key, env);
  if (typeof key !== "string") return { ok: false, setting: "key", env: key.missing };
  return {
    ok: true,
    options: {
      baseUrl: baseUrl === "" ? DEFAULT_BASE_URL : baseUrl,
      model,
      apiKey: key === "" ? null : key,
      timeoutMs: conn.timeoutMs,
      maxAnswerBytes: conn.maxAnswerBytes,
      embeddingDimensions: conn.embeddingDimensions,
      retries: retryPolicyOf(conn),
    },
  };
}
