// `jadpo dev` answering with the right recording (docs/dev.md), run in this process on a copy of
// the example app: two recordings made with `jadpo ai record` from two fixtures against a local
// OpenAI-compatible model, then dev requests with the first fixture's values (answered by the
// recording of those very values) and with new values (the first recording by name); the call
// log says which and why, and shows the answer. A request that fails shows its status and code.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample, ExampleCopy } from "../support/example.ts";
import { runJadpoHere, waitUntil } from "../support/jadpo.ts";
import { RunningDev, callLog, closedPort, stopAll } from "./dev-server.ts";

const FIXTURES = "domains/support/fixtures/questions.jadpo";
const roots: string[] = [];
let model: FakeModelServer;

class Copy extends ExampleCopy {
  static make(): Copy {
    const root = copyExample("jadpo-dev-rec-");
    roots.push(root);
    // Not about the retries' waits: no model answers most of these calls.
    return new Copy(root).retryingAtOnce();
  }
}

beforeAll(async () => {
  model = await startFakeModelServer({ kind: "answer", text: "" });
});

afterAll(async () => {
  await stopAll();
  await model.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The example with a second fixture, `questions.jersey`, and a recording made from each fixture (with `env`). */
async function twoRecordings(env: Record<string, string> = {}): Promise<Copy> {
  const project = Copy.make();
  project.write(FIXTURES, project.read(FIXTURES).replace(/\n}\s*$/, [
    "",
    "    jersey -> AnswerQuestion {",
    "        return AnswerQuestion { question: \"Do you deliver to Jersey?\"  reader_locale: Locale.en_gb }",
    "    }",
    "}",
    "",
  ].join("\n")));
  const record = async (name: string, fixture: string, resolved: boolean) => {
    model.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: resolved, reply: `About ${name}.` }) });
    const run = await runJadpoHere(["ai", "record", "answer_question", "--as", name, "--fixture", fixture], { cwd: project.root, env: { ...env, JADPO_AI_BASE_URL: model.url } });
    expect(run.code, run.stdout).toBe(0);
  };
  await record("sesame_fx", "questions.sesame", true);
  await record("jersey_fx", "questions.jersey", false);
  return project;
}

describe("jadpo dev with recordings made from fixtures", () => {
  it("answers with the recording of the call's very values, else the first by name, and the log says why", async () => {
    const project = await twoRecordings();
    const dev = await RunningDev.start(project.root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });

    // The first fixture's values: `sesame_fx`, though `jersey_fx` comes first by name.
    const same = await dev.post("answer_customer", { question: "Does your sourdough contain sesame?" });
    expect(same.status).toBe(200);
    expect(same.json.result.resolved_by_articles).toBe(true);
    // New values: the first current recording by name.
    const other = await dev.post("answer_customer", { question: "Is the rye bread vegan?" });
    expect(other.status).toBe(200);
    expect(other.json.result.resolved_by_articles).toBe(false);

    const log = callLog(project.root);
    expect(log.map((c) => [c.id, c.source, c.answer])).toEqual([
      ["call_1", "recording sesame_fx (same values)", { reply: "{Text}", resolved_by_articles: true }],
      ["call_2", "recording jersey_fx (no recording of these values)", { reply: "{Text}", resolved_by_articles: false }],
    ]);
    expect(dev.stdout).toContain("call_1 answer_question ← recording sesame_fx (same values) · 1 attempt");
    expect(dev.stdout).toContain("call_2 answer_question ← recording jersey_fx (no recording of these values) · 1 attempt");
    const page = await dev.request("GET", "/_dev");
    expect(page.text).toContain("recording sesame_fx (same values)");
    expect(page.text).toContain("recording jersey_fx (no recording of these values)");
    await dev.stop();
  });

  it("matches a recording made on another machine by its values only when both share JADPO_RECORDING_KEY", async () => {
    const shared = "the team's recording key 7c21";
    const made = await twoRecordings({ JADPO_RECORDING_KEY: shared });
    // Another machine: the same committed files, no `.jadpo/` of its own.
    const clone = Copy.make();
    for (const name of ["sesame_fx", "jersey_fx"]) {
      const file = `domains/support/prompts/recordings/answer_question/${name}.json`;
      clone.write(file, made.read(file));
    }
    clone.write(FIXTURES, made.read(FIXTURES));
    const offline = `http://127.0.0.1:${await closedPort()}/v1`;
    const sesame = { question: "Does your sourdough contain sesame?" };

    // Without the key, its own key is made and matches nothing: the first recording by name answers.
    const alone = await RunningDev.start(clone.root, { JADPO_AI_BASE_URL: offline });
    expect((await alone.post("answer_customer", sesame)).status).toBe(200);
    await alone.stop();
    expect(clone.exists(".jadpo/recording-key")).toBe(true);
    expect(callLog(clone.root).map((c) => c.source)).toEqual(["recording jersey_fx (no recording of these values)"]);

    const together = await RunningDev.start(clone.root, { JADPO_AI_BASE_URL: offline, JADPO_RECORDING_KEY: shared });
    expect((await together.post("answer_customer", sesame)).status).toBe(200);
    await together.stop();
    expect(callLog(clone.root).map((c) => c.source)).toEqual([
      "recording jersey_fx (no recording of these values)",
      "recording sesame_fx (same values)",
    ]);
    const keyFile = clone.read(".jadpo/recording-key").trim();
    for (const shown of [alone.stdout, alone.stderr, together.stdout, together.stderr, JSON.stringify(callLog(clone.root))]) {
      expect(shown).not.toContain(shared);
      expect(shown).not.toContain(keyFile);
    }
  });

  it("says once when the recording key can't be had, and then answers by name", async () => {
    const project = await twoRecordings();
    // A folder where the key file should be: it can be neither read nor made.
    rmSync(join(project.root, ".jadpo", "recording-key"));
    mkdirSync(join(project.root, ".jadpo", "recording-key"));
    const dev = await RunningDev.start(project.root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    for (let i = 0; i < 2; i++) expect((await dev.post("answer_customer", { question: "Does your sourdough contain sesame?" })).status).toBe(200);
    await dev.stop();
    expect(callLog(project.root).map((c) => c.source)).toEqual([
      "recording jersey_fx (no recording of these values)",
      "recording jersey_fx (no recording of these values)",
    ]);
    expect(dev.stderr.split("\n").filter((line) => line.includes("recording key"))).toEqual([
      "▲ the recording key can't be read or made (EISDIR): calls match recordings by name only",
    ]);
  });

  it("shows a failed action request's status and code in the log and on /_dev, and says at start-up that the model answers", async () => {
    const project = Copy.make();
    model.setBehaviour({ kind: "refuse" });
    const probesBefore = model.probes;
    const key = "sk-dev-probe-4b7e1d";
    const dev = await RunningDev.start(project.root, { JADPO_AI_BASE_URL: model.url, JADPO_AI_KEY: key });
    await waitUntil("the sandbox line", () => dev.stdout.includes("sandbox:"));
    expect(dev.stdout).toContain(`✓ sandbox: the model of connection \`local_model\`, meta-llama/Llama-3.1-8B-Instruct, answers at ${model.url} (sandboxed: \`answer_question\`)\n`);
    expect(model.probes).toBe(probesBefore + 1);

    const refused = await dev.post("answer_customer", { question: "Help me pick a lock" });
    expect(refused.status).toBe(503);
    const code = refused.json.error.code as string;
    const bad = await dev.post("answer_customer", { nothing: true });
    expect(bad.status).toBe(400);

    const [call] = callLog(project.root);
    expect(call.source).toBe("model");
    expect(call.outcome).toBe("failure AiRefused");
    expect(call.request).toEqual({ action: "answer_customer", status: 503, code });
    const page = await dev.request("GET", "/_dev");
    expect(page.text).toContain(`POST /actions/answer_customer → 503 <code>${code}</code>`);
    expect(page.text).toContain(`<td class="failure">400</td><td><code>invalid_request</code></td>`);
    const listed = await dev.request("GET", "/_dev/calls.json");
    expect(listed.json.failed_requests.map((r: { status: number }) => r.status)).toEqual([400, 503]);
    await dev.stop();
    expect(dev.stdout).not.toContain(key);
  });
});
