// Helpers for `jadpo ai` end to end: the BUILT binary, run asynchronously (the fake model server
// lives in the test's own process), on copies of the example app in temp folders, with a clean
// environment so nothing from the developer's shell (a real key, a base URL) leaks in.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { bin, copyExample, ExampleCopy, repo, type Run } from "../example-copy.ts";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { memoryContext } from "../../src/context.ts";
import { runCli } from "../../src/program.ts";

export { buildCli } from "../build-cli.ts";
export { repo, type Run } from "../example-copy.ts";

/** Only what node needs, plus `env`: no inherited JADPO_* or OPENAI_* variables. */
function cleanEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = { NO_COLOR: "1" };
  for (const name of ["PATH", "HOME", "TMPDIR", "SYSTEMROOT", "TEMP", "TMP"]) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  return { ...base, ...env };
}

export function jadpo(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({
      stdout: Buffer.concat(out).toString("utf8"),
      stderr: Buffer.concat(err).toString("utf8"),
      status,
    }));
  });
}

/** The same command line run in this process (no build, no node start-up): for the many smaller cases. */
export async function jadpoHere(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const { context, stdout, stderr } = memoryContext(cwd, { NO_COLOR: "1", ...env });
  const status = await runCli(args, context);
  return { stdout: stdout(), stderr: stderr(), status };
}

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

  /** The built binary. */
  run(args: string[], env: Record<string, string> = {}, cwd = this.root): Promise<Run> {
    return jadpo(args, cwd, env);
  }

  /** In this process. */
  runHere(args: string[], env: Record<string, string> = {}, cwd = this.root): Promise<Run> {
    return jadpoHere(args, cwd, env);
  }

}

/**
 * A local model server for one test file, answering `answer` until a test changes it; its
 * request log and behaviour are reset after each test. `env()` points the example at it.
 */
export function modelServerForFile(answer: string): { server: () => FakeModelServer; env: () => Record<string, string> } {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer({ kind: "answer", text: answer });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    server.setBehaviour({ kind: "answer", text: answer });
  });
  return { server: () => server, env: () => ({ JADPO_AI_BASE_URL: server.url }) };
}
