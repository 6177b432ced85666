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

  it("scripts a tool loop: each chat request takes the next step, the last repeats; it records each request's messages and tools", async () => {
    const server = await startFakeModelServer({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }, { name: "opening_hours", arguments: "{}", id: "mine" }] },
      { kind: "answer", text: "done" },
    ] });
    const chat = async (body: unknown) => {
      const res = await fetch(`${server.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return (await res.json()) as { choices: Array<{ finish_reason: string; message: { content: string | null; tool_calls?: unknown } }> };
    };
    try {
      const tools = [{ type: "function", function: { name: "find_order", description: "d", parameters: {} } }];
      const first = await chat({ model: "m", messages: [{ role: "user", content: "q" }], tools });
      expect(first.choices[0]?.finish_reason).toBe("tool_calls");
      expect(first.choices[0]?.message).toMatchObject({ content: null, tool_calls: [
        { id: "call_1_1", type: "function", function: { name: "find_order", arguments: '{"code":"ABC-1234"}' } },
        { id: "mine", type: "function", function: { name: "opening_hours", arguments: "{}" } },
      ] });
      // A probe takes no step.
      expect((await fetch(`${server.url}/models`)).status).toBe(200);
      expect((await chat({ model: "m", messages: [{ role: "tool", tool_call_id: "mine", content: "{}" }] })).choices[0]?.message.content).toBe("done");
      expect((await chat({ model: "m", messages: [] })).choices[0]?.message.content).toBe("done");
      expect(server.requests.map((r) => [r.messages, r.tools])).toEqual([
        [[{ role: "user", content: "q" }], tools],
        [[{ role: "tool", tool_call_id: "mine", content: "{}" }], null],
        [[], null],
      ]);
      // A new behaviour starts its script from its first step.
      server.setBehaviour({ kind: "script", steps: [{ kind: "answer", text: "again" }, { kind: "answer", text: "later" }] });
      expect((await chat({ model: "m", messages: [] })).choices[0]?.message.content).toBe("again");
    } finally {
      await server.close();
    }
  });
});
