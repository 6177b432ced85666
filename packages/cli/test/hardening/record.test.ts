// `jadpo ai record` against hostile models and kills: an answer that carries the key is refused and
// nothing is written (D1); a record killed at any moment leaves the old file or the whole new one,
// and the next record removes the temporary file a kill between write and rename left (D12).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { RunningJadpo, runJadpoHere, waitUntil, type Run } from "../support/jadpo.ts";
import { Project, RECORDINGS } from "../ai/harness.ts";

const FOLDER = RECORDINGS;

let server: FakeModelServer;
let project: Project;

beforeAll(async () => {
  buildCli();
  server = await startFakeModelServer({ kind: "answer", text: "" });
  project = Project.example();
  // A reply the recording keeps verbatim: the case where the key could reach the file.
  project.keepReplyVerbatim("Reply");
});
afterAll(async () => {
  await server.close();
  project.dispose();
});

/** `jadpo ai record`, in this process (the kill test below runs the built binary). */
const record = (name: string, env: Record<string, string>, more: string[] = []): Promise<Run> =>
  runJadpoHere(["ai", "record", "answer_question", "--as", name, "--fixture", "questions.sesame", ...more], { cwd: project.root, env });

describe("a key in the answer (D1)", () => {
  it.each([["SECRETMARK-a1b2c3d4e5f6"], ['SECRETMARK"q\\z']])("%s: ai.key_in_answer, nothing written", async (key) => {
    server.setBehaviour({ kind: "answer", text: (req) => JSON.stringify({ resolved_by_articles: false, reply: `Your key is ${String(req.headers["authorization"]).replace(/^Bearer /, "")}` }) });
    const run = await record("pf_echo", { JADPO_AI_KEY: key, JADPO_AI_BASE_URL: server.url });
    expect(server.requests.at(-1)?.headers["authorization"]).toBe(`Bearer ${key}`);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      "error: The model's answer for `answer_question` contains the connection's key",
      "  reason: Recordings are committed files, and a key must never be written into one, even in a `personal: false` field.",
      "  next: Find out why the model repeats its key (the prompt or the server), then record again; nothing was written (human)",
      "  rule: ai.key_in_answer",
      "",
    ].join("\n"));
    expect(project.exists(`${FOLDER}/pf_echo.json`)).toBe(false);
    expect(`${run.stdout}${run.stderr}`).not.toContain("SECRETMARK");
  });
});

describe("a part of the key in the answer, and a short key", () => {
  it("refuses an answer that repeats 8 characters of the key in a row", async () => {
    const key = "SECRETMARK-partial-71c0de55aa";
    server.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: `It starts ${key.slice(5, 13)}, I think.` }) });
    const run = await record("pf_partial", { JADPO_AI_KEY: key, JADPO_AI_BASE_URL: server.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("rule: ai.key_in_answer");
    expect(project.exists(`${FOLDER}/pf_partial.json`)).toBe(false);
  });

  it("with a one-letter key, keeps an answer whose words contain that letter (a short key counts only as a whole word)", async () => {
    server.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: "Thank you: we bake with kind keys." }) });
    const run = await record("pf_short", { JADPO_AI_KEY: "k", JADPO_AI_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(project.read(`${FOLDER}/pf_short.json`)).toContain("we bake with kind keys");
    server.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: "Your key is k." }) });
    const echoed = await record("pf_short_echo", { JADPO_AI_KEY: "k", JADPO_AI_BASE_URL: server.url });
    expect(echoed.stdout).toContain("rule: ai.key_in_answer");
  });
});

/** mulberry32: the same kill moments on every run. */
function moments(seed: number, count: number, lo: number, hi: number): number[] {
  let a = seed;
  return Array.from({ length: count }, () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return lo + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (hi - lo);
  });
}

describe("killed at random moments (D12)", () => {
  it("20 kills: the recording is the old file or the whole new one, and no temporary file outlives the next record", async () => {
    const env = { JADPO_AI_BASE_URL: server.url };
    const answer = (resolved: boolean) => JSON.stringify({ resolved_by_articles: resolved, reply: "We deliver to Jersey." });
    server.setBehaviour({ kind: "answer", text: answer(true) });
    expect((await record("jersey", env)).code).toBe(0);
    const file = join(project.root, FOLDER, "jersey.json");
    let current = readFileSync(file, "utf8");
    let resolved = true;
    for (const [i, ms] of moments(20261201, 20, 50, 1_500).entries()) {
      resolved = !resolved;
      server.setBehaviour({ kind: "slow", delayMs: [0, 50, 200, 500][i % 4], then: { kind: "answer", text: answer(resolved) } });
      const run = new RunningJadpo(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame", "--force"], { cwd: project.root, env });
      // A kill past the record's own end would change nothing: the wait ends there.
      await run.exitedOrAfter(ms);
      run.child.kill("SIGKILL");
      await waitUntil("the killed record to exit", () => run.exited, 10_000);
      const now = readFileSync(file, "utf8");
      const whole = JSON.parse(now) as { answer: { resolved_by_articles: boolean } };
      // Either untouched or the new answer, whole.
      if (now !== current) expect(whole.answer.resolved_by_articles).toBe(resolved);
      current = now;
    }
    // What a kill between write and rename leaves (a dead pid in the name), then the next record.
    writeFileSync(join(project.root, FOLDER, ".jersey.json.999999.0a1b2c3d.tmp"), "{\"answer\":");
    server.setBehaviour({ kind: "answer", text: answer(true) });
    expect((await record("jersey", env, ["--force"])).code).toBe(0);
    expect(readdirSync(join(project.root, FOLDER)).filter((name) => !name.endsWith(".json") || name.startsWith("."))).toEqual([]);
  }, 120_000);
});
