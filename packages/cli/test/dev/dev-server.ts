// Helpers for `jadpo dev` end to end: the BUILT binary as a child process on a temp copy of the
// example app, its URL read from standard output. Every wait is bounded; every child is killed.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { DevCall } from "@jadpo/runtime/dev";
import { bin, copyExample } from "../example-copy.ts";


export const CALL_LOG = ".jadpo/dev/calls.jsonl";

/** A copy of examples/support in a new temp folder (without any `.jadpo/` state). */
export function exampleCopy(prefix = "jadpo-dev-"): string {
  return copyExample(prefix);
}

/** Sets `per_day` of the example's connection. */
export function setPerDay(root: string, perDay: number): void {
  const path = join(root, "app.jadpo");
  const text = readFileSync(path, "utf8");
  if (!/per_day: \d+/.test(text)) throw new Error("app.jadpo has no per_day");
  writeFileSync(path, text.replace(/per_day: \d+/, `per_day: ${perDay}`));
}

/** The environment a child gets: the test's own, without any model settings of the machine. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const key of Object.keys(env)) if (key.startsWith("JADPO_") || key === "FORCE_COLOR") delete env[key];
  return { ...env, ...extra };
}

/** A port nothing listens on: taken, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export class DevProcess {
  private out = "";
  private err = "";
  exitCode: number | null = null;
  private exited: Promise<void>;
  url = "";

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (this.out += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (this.err += text));
    this.exited = new Promise((resolve) => child.once("exit", (code) => {
      this.exitCode = code;
      resolve();
    }));
  }

  /** Starts `jadpo dev --port 0` in `root` and waits for its URL. */
  static async start(root: string, env: Record<string, string> = {}, args: string[] = []): Promise<DevProcess> {
    for (let attempt = 1; ; attempt++) {
      const child = spawn(process.execPath, [bin, "dev", "--port", "0", ...args], { cwd: root, env: childEnv(env) });
      const dev = new DevProcess(child);
      running.add(dev);
      await waitFor("the dev server's URL", () => URL_PATTERN.test(dev.out) || dev.exitCode !== null);
      const m = URL_PATTERN.exec(dev.out);
      if (m !== null) {
        dev.url = m[0];
        return dev;
      }
      running.delete(dev);
      // Another test file may be rebuilding the bundle this very moment: one retry reads it whole.
      if (attempt === 1 && /SyntaxError/.test(dev.err)) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      throw new Error(`jadpo dev did not start:\n${dev.out}\n${dev.err}`);
    }
  }

  get stdout(): string {
    return this.out;
  }

  get stderr(): string {
    return this.err;
  }

  post(action: string, body: unknown): Promise<{ status: number; json: any }> {
    return this.request("POST", `/actions/${action}`, typeof body === "string" ? body : JSON.stringify(body));
  }

  async request(method: string, path: string, body?: string): Promise<{ status: number; json: any; text: string }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json, text };
  }

  /** SIGTERM, then SIGKILL if it hasn't exited within 5 s. */
  async stop(): Promise<number | null> {
    running.delete(this);
    if (this.exitCode === null) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exitCode;
  }
}

const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+/;
const running = new Set<DevProcess>();

/** For afterAll: every dev process still running is stopped. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((dev) => dev.stop()));
}

/** The call log's lines, parsed. */
export function callLog(root: string): DevCall[] {
  let text = "";
  try {
    text = readFileSync(join(root, CALL_LOG), "utf8");
  } catch {
    return [];
  }
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as DevCall);
}

export interface Run {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Runs the built `jadpo` to completion WITHOUT blocking this process (a fake model server may live here). */
export function jadpoAsync(args: string[], cwd: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: childEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => void (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => void (stderr += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, status });
    });
  });
}
