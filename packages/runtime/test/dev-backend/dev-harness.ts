// `jadpo dev`'s AI backend on a project written as strings, for the dev backend's tests: a testing
// model server for the file (its requests and behaviour reset after each test), each project in a
// temp root removed after its test, and action requests whose calls' log lines are kept in order.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { CheckedProgram } from "@jadpo/compiler";
import { DevAi } from "../../src/dev-backend/backend.ts";
import { UsageCounter } from "../../src/dev-backend/usage.ts";
import type { DevCall, NewDevCall } from "../../src/dev-log/call.ts";
import { callAction, findAction } from "../../src/exec/call-action.ts";
import { startFakeModelServer, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { projectOf, type ProjectFiles } from "../../src/testing/project.ts";

/**
 * `app.jadpo` whose connection sandboxes the prompts `sandbox` within `perDay` requests a day, its
 * base URL and key read from `JADPO_AI_BASE_URL` and `JADPO_AI_KEY`; `entries` are more of its lines.
 */
export function devApp(sandbox: readonly string[], perDay: number, entries: readonly string[] = []): string {
  return `locales { default: "en-GB" supported: ["en-GB"] }

connection local_model {
    capability: ai
    driver: openai_compatible
    base_url: env("JADPO_AI_BASE_URL", "http://127.0.0.1:9/v1")
    model: "m"
    key: env("JADPO_AI_KEY", "")
${entries.map((line) => `    ${line}\n`).join("")}    development: {
        sandbox: [${sandbox.join(" ")}]
        per_day: ${perDay}
    }
}
`;
}

export interface Dev {
  program: CheckedProgram;
  /** Each call's line, as the backend hands it to the log. */
  lines: NewDevCall[];
  usage: UsageCounter;
  /** One action request: the action's value, or how it ended otherwise. */
  ask(action: string, question: string): Promise<unknown>;
}

/** A model server for this test file (`server()`), and `dev(files, env)` making a backend in a new temp root. */
export function devBackends(prefix: string): { server: () => FakeModelServer; dev: (files: ProjectFiles, env: Record<string, string>) => Dev } {
  let server: FakeModelServer;
  const roots: string[] = [];
  beforeAll(async () => {
    server = await startFakeModelServer({ kind: "answer", text: "x" });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  const dev = (files: ProjectFiles, env: Record<string, string>): Dev => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    roots.push(root);
    const p = projectOf(files, "async");
    const lines: NewDevCall[] = [];
    const usage = new UsageCounter(root);
    const ai = new DevAi(p.program, {
      root, usage, readFile: p.readFile, recordingKey: () => null, env,
      log: (call): DevCall => {
        lines.push(call);
        return { ...call, id: `call_${lines.length}` };
      },
    });
    return {
      program: p.program, lines, usage,
      async ask(action, question) {
        const backend = ai.forRequest();
        const outcome = await callAction(p.compiled, findAction(p.compiled, action)!, [question], { backend, seed: 1, clockStart: 0 });
        await backend.end(null);
        return outcome.kind === "success" ? outcome.value : outcome;
      },
    };
  };
  return { server: () => server, dev };
}
