// Helpers for `jadpo dev` end to end: the BUILT binary (started by ../support/jadpo.ts) on a temp
// copy of the example app, its URL read from standard output. Every wait is bounded; every child
// is stopped.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { DevCall } from "@jadpo/runtime/dev";
import { RunningJadpo, waitUntil } from "../support/jadpo.ts";

export const CALL_LOG = ".jadpo/dev/calls.jsonl";

/** Sets `per_day` of the example's connection. */
export function setPerDay(root: string, perDay: number): void {
  const path = join(root, "app.jadpo");
  const text = readFileSync(path, "utf8");
  if (!/per_day: \d+/.test(text)) throw new Error("app.jadpo has no per_day");
  writeFileSync(path, text.replace(/per_day: \d+/, `per_day: ${perDay}`));
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

export class DevProcess {
  url = "";

  private constructor(readonly jadpo: RunningJadpo) {}

  /** Starts `jadpo dev --port 0` in `root` and waits for its URL. */
  static async start(root: string, env: Record<string, string> = {}, args: string[] = []): Promise<DevProcess> {
    for (let attempt = 1; ; attempt++) {
      const dev = new DevProcess(new RunningJadpo(["dev", "--port", "0", ...args], { cwd: root, env }));
      running.add(dev);
      await waitUntil("the dev server's URL", () => URL_PATTERN.test(dev.stdout) || dev.jadpo.exited);
      const m = URL_PATTERN.exec(dev.stdout);
      if (m !== null) {
        dev.url = m[0];
        return dev;
      }
      running.delete(dev);
      // Another test file may be rebuilding the bundle this very moment: one retry reads it whole.
      if (attempt === 1 && /SyntaxError/.test(dev.stderr)) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      throw new Error(`jadpo dev did not start:\n${dev.stdout}\n${dev.stderr}`);
    }
  }

  get child() {
    return this.jadpo.child;
  }

  get exitCode(): number | null {
    return this.jadpo.code;
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

  /** SIGTERM, then SIGKILL if it hasn't exited within 5 s. */
  stop(): Promise<number | null> {
    running.delete(this);
    return this.jadpo.stop();
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
