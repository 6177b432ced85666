// Helpers for `jadpo ai` end to end: copies of the example app in temp folders, run with
// ../support/jadpo.ts in this process (asynchronously: the fake model server lives in it too).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample, ExampleCopy } from "../support/example.ts";
import { runJadpoHere, type Run } from "../support/jadpo.ts";

export const PROMPT_FILE = "domains/support/prompts/answer_question.jadpo";
export const RECORDINGS = "domains/support/prompts/recordings/answer_question";

export class Project extends ExampleCopy {
  /** A copy of the example app in a new temp folder. */
  static example(): Project {
    return new Project(copyExample("jadpo-ai-"));
  }

  /** Every file under the root (`.jadpo/` included), root-relative, sorted. */
  files(): string[] {
    const out: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
        else out.push(`${prefix}${name}`);
      }
    };
    walk(this.root, "");
    return out;
  }

  /** In this process. */
  run(args: string[], env: Record<string, string> = {}, cwd = this.root): Promise<Run> {
    return runJadpoHere(args, { cwd, env });
  }

}

/**
 * A local model server for one test file, answering `answer` until a test changes it; its
 * request log and behaviour are reset after each test. `env()` points the example at it. It
 * reports no usage, as many local models don't, unless a test's behaviour says otherwise.
 */
export function modelServerForFile(answer: string): { server: () => FakeModelServer; env: () => Record<string, string> } {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer({ kind: "answer", text: answer, usage: null });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    server.setBehaviour({ kind: "answer", text: answer, usage: null });
  });
  return { server: () => server, env: () => ({ JADPO_AI_BASE_URL: server.url }) };
}
