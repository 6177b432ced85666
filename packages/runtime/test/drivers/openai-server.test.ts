// The fake model server is itself a tool other tests rely on (e.g. to prove nothing connects
// during `jadpo test`), so its counting and recording are tested here.
import { describe, expect, it } from "vitest";
import { startFakeModelServer, cutWords } from "../../src/testing/openai-server.ts";

describe("the fake model server", () => {
  it("listens on 127.0.0.1 under /v1 and counts no connection until one is made", async () => {
    const server = await startFakeModelServer({ kind: "answer", text: "hi" });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(server.connections).toBe(0);
      expect(server.requests).toEqual([]);
      const res = await fetch(`${server.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-probe": "1" },
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "q" }] }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
      expect(body.choices[0]?.message.content).toBe("hi");
      expect(server.connections).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions", body: { model: "m" } });
      expect(server.requests[0]?.headers["x-probe"]).toBe("1");
    } finally {
      await server.close();
    }
  });

  it("answers an unknown route with 404 and records it", async () => {
    const server = await startFakeModelServer({ kind: "answer", text: "hi" });
    try {
      const res = await fetch(`${server.url}/nothing`);
      expect(res.status).toBe(404);
      expect(server.requests[0]?.path).toBe("/v1/nothing");
    } finally {
      await server.close();
    }
  });

  it("closes promptly even with a reply still waiting", async () => {
    const server = await startFakeModelServer({ kind: "slow", delayMs: 60_000, then: { kind: "answer", text: "late" } });
    const pending = fetch(`${server.url}/chat/completions`, { method: "POST", body: "{}" }).catch(() => "closed");
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    await server.close();
    expect(await pending).toBe("closed");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("cuts streamed text into pieces that join back to it", () => {
    expect(cutWords(" a b  c\nd ", 2)).toEqual([" a b  ", "c\nd "]);
    expect(cutWords("", 3)).toEqual([]);
  });
});
