// The dev server's log pages never hold up another request (docs/dev.md): while `/_dev` is
// reading a log whose last line is 20 MB, `/health` is answered.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { readRecentCalls, UsageCounter, type DevCall } from "@jadpo/runtime/dev";
import { createDevServer } from "../../src/commands/dev/server.ts";
import { waitUntil } from "../support/jadpo.ts";

const root = mkdtempSync(join(tmpdir(), "jadpo-dev-log-reads-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the dev server's log reads", () => {
  it("answers /health while /_dev is still reading a log with a 20 MB line", async () => {
    mkdirSync(join(root, ".jadpo/dev"), { recursive: true });
    const big = {
      id: "call_1", time: "2026-01-01T09:30:00.000Z", prompt: "answer_question", version: "answer_question@b44ecc53",
      values: { question: "Big?" }, source: "model", attempts: 1, duration_ms: 4, outcome: "success", answer: "word ".repeat(4 * 1024 * 1024),
    };
    writeFileSync(join(root, ".jadpo/dev/calls.jsonl"), `${JSON.stringify(big)}\n`);

    let started = false;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createDevServer({
      root, project: "p", displayPath: (f) => f, usage: new UsageCounter(root), actionTimeout: { ms: 30_000, text: "30s" },
      current: () => null,
      onAnswer() {},
      onInternalError(error) {
        throw error;
      },
      // The real reader, held at its start until /health has been answered.
      async readCalls(at: string): Promise<DevCall[]> {
        started = true;
        await gate;
        return readRecentCalls(at);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = fetch(`${url}/_dev/calls.json`, { signal: AbortSignal.timeout(60_000) });
      await waitUntil("/_dev/calls.json to start reading the log", () => started, 30_000);
      const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(30_000) });
      expect(health.status).toBe(200);
      release();
      const calls = (await (await page).json()) as { calls: DevCall[] };
      expect(calls.calls.map((c) => c.id)).toEqual(["call_1"]);
    } finally {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
