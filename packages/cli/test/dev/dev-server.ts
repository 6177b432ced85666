// Helpers for `jadpo dev` end to end: the command run in this process (or, for the tests about the
// process, the BUILT binary), both started by ../support/jadpo.ts on a temp copy of the example app,
// its URL read from standard output. Every wait is bounded; every dev is stopped.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DevCall } from "@jadpo/runtime/dev";
import { RunningJadpo, RunningJadpoHere, waitUntil } from "../support/jadpo.ts";

export const CALL_LOG = ".jadpo/dev/calls.jsonl";

/** Sets `per_day` of the example's connection. */
export function setPerDay(root: string, perDay: number): void {
  const path = join(root, "app.jadpo");
  const text = readFileSync(path, "utf8");
  if (!/per_day: \d+/.test(text)) throw new Error("app.jadpo has no per_day");
  writeFileSync(path, text.replace(/per_day: \d+/, `per_day: ${perDay}`));
}

/** A port nothing listens on: taken, then released. */
export { closedPort } from "@jadpo/runtime/testing";

type Runner = RunningJadpoHere | RunningJadpo;

/**
 * A running `jadpo dev --port 0` and requests to it. `start` runs it in this process; `spawn` runs
 * the BUILT binary, for the tests about the process itself (a signal, a kill, two processes).
 */
export class RunningDev<R extends Runner = Runner> {
  url = "";

  private constructor(readonly jadpo: R) {}

  /** Starts `jadpo dev --port 0` in `root`, in this process, and waits for its URL. */
  static start(root: string, env: Record<string, string> = {}, args: string[] = []): Promise<RunningDev<RunningJadpoHere>> {
    return RunningDev.listening(new RunningDev(new RunningJadpoHere(["dev", "--port", "0", ...args], { cwd: root, env })));
  }

  /** Starts the built `jadpo dev --port 0` in `root` as a child process and waits for its URL. */
  static async spawn(root: string, env: Record<string, string> = {}): Promise<RunningDev<RunningJadpo>> {
    const dev = await RunningDev.listening(new RunningDev(new RunningJadpo(["dev", "--port", "0"], { cwd: root, env })), false);
    if (dev !== null) return dev;
    // Another test file may be rebuilding the bundle this very moment: one retry reads it whole.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return RunningDev.listening(new RunningDev(new RunningJadpo(["dev", "--port", "0"], { cwd: root, env })));
  }

  /** `dev` once it has printed its URL; null when it stopped with a SyntaxError and `orThrow` is false. */
  private static async listening<R extends Runner>(dev: RunningDev<R>): Promise<RunningDev<R>>;
  private static async listening<R extends Runner>(dev: RunningDev<R>, orThrow: false): Promise<RunningDev<R> | null>;
  private static async listening<R extends Runner>(dev: RunningDev<R>, orThrow = true): Promise<RunningDev<R> | null> {
    running.add(dev);
    await waitUntil("the dev server's URL", () => URL_PATTERN.test(dev.stdout) || dev.jadpo.exited);
    const m = URL_PATTERN.exec(dev.stdout);
    if (m !== null) {
      dev.url = m[0];
      return dev;
    }
    await dev.stop();
    if (!orThrow && /SyntaxError/.test(dev.stderr)) return null;
    throw new Error(`jadpo dev did not start:\n${dev.stdout}\n${dev.stderr}`);
  }

  get stdout(): string {
    return this.jadpo.stdout;
  }

  get stderr(): string {
    return this.jadpo.stderr;
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

  /** Stops it as Ctrl-C does (a child: SIGTERM, then SIGKILL if it hasn't exited within 5 s); its exit code. */
  stop(): Promise<number | null> {
    running.delete(this);
    return this.jadpo.stop();
  }
}

const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+/;
const running = new Set<RunningDev>();

/** For afterAll: every dev still running is stopped. */
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
