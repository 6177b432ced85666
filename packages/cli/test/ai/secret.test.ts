// A key never appears in any output, log, recording or diagnostic (docs/cli-ai.md). The key is set to
// a unique secret, the model echoes it back every way it can (in an answer, in an error, in a
// text that doesn't decode), every command runs, and the secret is in no output and no file of
// the project, `.jadpo/` included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from "@jadpo/runtime/testing";
import type { Run } from "../support/jadpo.ts";
import { RunningDev } from "../dev/dev-server.ts";
import { Project } from "./harness.ts";

// Not shaped like any provider's key, so only removing this exact text can hide it.
const secret = `jadpo-test-secret-${randomBytes(12).toString("hex")}`;
const echo = (req: RecordedRequest): string => String(req.headers["authorization"] ?? "");

let server: FakeModelServer;
let project: Project;

beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: "" });
  project = Project.example();
});
afterAll(async () => {
  await server.close();
  project.dispose();
});

/** `jadpo dev --port 0` long enough to serve one action and its call log: the answers, the pages and what it printed. */
async function devOutputs(env: Record<string, string>): Promise<string[]> {
  const dev = await RunningDev.start(project.root, env);
  const texts: string[] = [];
  try {
    texts.push((await dev.request("POST", "/actions/answer_customer", JSON.stringify({ question: "Sesame?" }))).text);
    for (const page of ["/_dev/calls.json", "/_dev"]) texts.push((await dev.request("GET", page)).text);
  } finally {
    await dev.stop();
  }
  return [...texts, dev.stdout, dev.stderr];
}

describe("the key", () => {
  it("appears in no output, recording or log of any command, though the model echoes it back", async () => {
    const env = { JADPO_AI_KEY: secret, JADPO_AI_BASE_URL: server.url };
    const runs: Run[] = [];
    const record = async (args: string[]) => {
      const run = await project.run(["ai", "record", "answer_question", ...args], env);
      runs.push(run);
      return run;
    };

    runs.push(await project.run(["check"], env));
    runs.push(await project.run(["test"], env));
    runs.push(await project.run(["ai", "show", "answer_question"], env));

    // An answer that carries the key in its text: recorded, the text a placeholder.
    server.setBehaviour({ kind: "answer", text: (req) => JSON.stringify({ resolved_by_articles: true, reply: `Your key is ${echo(req)}` }) });
    const recorded = await record(["--as", "echoed", "--fixture", "questions.sesame"]);
    expect(recorded.code).toBe(0);
    // The key really went to the model: the test would prove nothing otherwise.
    expect(server.requests.at(-1)?.headers["authorization"]).toBe(`Bearer ${secret}`);

    // An error that quotes the request's header back.
    server.setBehaviour({ kind: "error", status: 401, body: (req: RecordedRequest) => ({ error: { message: `Incorrect API key provided: ${echo(req)} (${secret})`, type: "invalid_request_error", code: "invalid_api_key" } }) });
    const refused = await record(["--as", "echoed", "--fixture", "questions.sesame", "--force"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("rule: ai.model_error");
    expect(refused.stdout).toContain("***");

    // An answer that doesn't decode, quoted in the decode line.
    server.setBehaviour({ kind: "answer", text: `${secret} is the key you sent` });
    const undecodable = await record(["--as", "echoed", "--fixture", "questions.sesame", "--force"]);
    expect(undecodable.code).toBe(1);
    expect(undecodable.stdout).toContain("rule: ai.answer_undecodable");

    // `jadpo dev` sends the sandboxed prompt to the model with the key; its answer, pages and log
    // hold no key. (An answer that quoted the key would be the action's result, as the model gave
    // it, so this answer doesn't.) Then a recording from its log.
    server.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: "We don't deliver there." }) });
    for (const text of await devOutputs(env)) expect(text).not.toContain(secret);
    expect(server.requests.at(-1)?.headers["authorization"]).toBe(`Bearer ${secret}`);
    const fromDev = await record(["--as", "from_dev", "--force"]);
    expect(fromDev.code).toBe(0);
    expect(fromDev.stdout).toMatch(/\n {4}from {6}the last `jadpo dev` call, call_\d+\n/);

    for (const run of runs) {
      expect(run.stdout).not.toContain(secret);
      expect(run.stderr).not.toContain(secret);
    }
    for (const file of project.files()) expect(`${file}: ${project.read(file)}`).not.toContain(secret);
    expect(project.files()).toContain("domains/support/prompts/recordings/answer_question/echoed.json");
  });
});
