import { describe, expect, it } from "vitest";
import type { ConnectionInfo } from "@jadpo/compiler";
import { driverOptionsFromConnection, resolveConfigText } from "../../src/drivers/config.ts";

describe("resolveConfigText", () => {
  it("reads a literal as it stands", () => {
    expect(resolveConfigText({ kind: "literal", value: "m" }, {})).toBe("m");
  });
  it("reads env(NAME) from the environment, even when it is set to empty", () => {
    expect(resolveConfigText({ kind: "env", name: "K", fallback: "d" }, { K: "v" })).toBe("v");
    expect(resolveConfigText({ kind: "env", name: "K", fallback: "d" }, { K: "" })).toBe("");
  });
  it("falls back to the default when NAME is unset", () => {
    expect(resolveConfigText({ kind: "env", name: "K", fallback: "d" }, {})).toBe("d");
    expect(resolveConfigText({ kind: "env", name: "K", fallback: "" }, {})).toBe("");
  });
  it("names the variable when NAME is unset and there is no default", () => {
    expect(resolveConfigText({ kind: "env", name: "JADPO_AI_KEY", fallback: null }, {})).toEqual({ missing: "JADPO_AI_KEY" });
  });
});

const LOCAL: ConnectionInfo = {
  name: "local_model",
  driver: "openai_compatible",
  baseUrl: { kind: "env", name: "JADPO_AI_BASE_URL", fallback: "http://127.0.0.1:8080/v1" },
  model: { kind: "literal", value: "meta-llama/Llama-3.1-8B-Instruct" },
  key: { kind: "env", name: "JADPO_AI_KEY", fallback: "" },
  timeoutMs: 30_000,
  maxAnswerBytes: 1024 * 1024,
  embeddingDimensions: 16,
  sandbox: ["answer_question"],
  perDay: 50,
  retries: { max: 2, backoffMs: 1000 },
};

describe("driverOptionsFromConnection", () => {
  it("reads docs/language.md's connection with nothing set: a local model, no key", () => {
    expect(driverOptionsFromConnection(LOCAL, {})).toEqual({
      ok: true,
      options: {
        baseUrl: "http://127.0.0.1:8080/v1", model: "meta-llama/Llama-3.1-8B-Instruct", apiKey: null, timeoutMs: 30_000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 16,
        // The connection's `retries:`, and its `timeout` as the longest `Retry-After` waited.
        retries: { max: 2, backoffMs: 1000, timeoutMs: 30_000 },
      },
    });
  });
  it("takes the key and base URL from the environment when set", () => {
    const r = driverOptionsFromConnection(LOCAL, { JADPO_AI_KEY: "sk-x", JADPO_AI_BASE_URL: "https://api.example.com/v1" });
    expect(r.ok && r.options.apiKey).toBe("sk-x");
    expect(r.ok && r.options.baseUrl).toBe("https://api.example.com/v1");
  });
  it("a key that is absent or empty is no key", () => {
    expect(driverOptionsFromConnection({ ...LOCAL, key: null }, {})).toMatchObject({ ok: true, options: { apiKey: null } });
    expect(driverOptionsFromConnection({ ...LOCAL, key: { kind: "literal", value: "" } }, {})).toMatchObject({ ok: true, options: { apiKey: null } });
  });
  it("env(NAME) for the key with NAME unset is a missing key, named", () => {
    expect(driverOptionsFromConnection({ ...LOCAL, key: { kind: "env", name: "OPENAI_KEY", fallback: null } }, {}))
      .toEqual({ ok: false, setting: "key", env: "OPENAI_KEY" });
  });
  it("reports a missing base URL or model variable by setting", () => {
    expect(driverOptionsFromConnection({ ...LOCAL, baseUrl: { kind: "env", name: "URL", fallback: null } }, {})).toEqual({ ok: false, setting: "base_url", env: "URL" });
    expect(driverOptionsFromConnection({ ...LOCAL, model: null }, {})).toEqual({ ok: false, setting: "model", env: null });
  });
  it("a connection without base_url talks to the local default", () => {
    expect(driverOptionsFromConnection({ ...LOCAL, baseUrl: null }, {})).toMatchObject({ ok: true, options: { baseUrl: "http://127.0.0.1:8080/v1" } });
  });
});
