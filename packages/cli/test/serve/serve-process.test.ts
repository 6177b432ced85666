// `jadpo serve` and a build's `server.mjs` as processes (docs/production.md): SIGTERM during a slow
// request lets it finish with 200 and then exits 0; `--workers 2` serves from two processes on one
// port, prints the URL once and sums `/metrics` over them; `server.mjs` serves a build copied
// alone out of the repository.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { copyExample } from "../support/example.ts";
import { jadpoEnv, runJadpo, runJadpoAsync, RunningJadpo, waitUntil } from "../support/jadpo.ts";
import { send, TOKEN } from "./served.ts";

const ANSWER = JSON.stringify({ resolved_by_articles: true, reply: "Yes." });
let model: FakeModelServer;
let example: string;
const running: RunningJadpo[] = [];

beforeAll(async () => {
  buildCli();
  model = await startFakeModelServer({ kind: "answer", text: ANSWER });
  example = copyExample("jadpo-serve-process-");
}, 120_000);

afterAll(async () => {
  for (const r of running) await r.stop();
  await model.close();
  rmSync(example, { recursive: true, force: true });
});

function serve(args: string[]): RunningJadpo {
  const r = new RunningJadpo(["serve", "--port", "0", ...args], { cwd: example, env: { JADPO_SERVE_TOKEN: TOKEN, JADPO_AI_BASE_URL: model.url } });
  running.push(r);
  return r;
}

const urlOf = (stdout: string) => stdout.split("\n")[0];
const ask = (url: string) => send(url, "POST", "/actions/answer_customer", {
  body: { question: "Sesame?" }, headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
});

/** The process (among `pids`) holding the TCP connection whose local port is `port` (Linux's /proc). */
function ownerOfPort(port: number, pids: number[]): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex}`)) inodes.add(fields[9]);
    }
  }
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      let target = "";
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue; // closed meanwhile
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode !== undefined && inodes.has(inode)) return pid;
    }
  }
  return null;
}

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter((p) => p !== "").map(Number);
}

describe("jadpo serve as a process", () => {
  it("lets a request running at SIGTERM finish with 200, then exits 0", async () => {
    model.setBehaviour({ kind: "slow", delayMs: 800, then: { kind: "answer", text: ANSWER } });
    const s = serve([]);
    await s.waitFor(/^http:\/\/127\.0\.0\.1:\d+\n/);
    const asked = model.requests.length;
    const answer = ask(urlOf(s.stdout));
    await waitUntil("the action to ask the model", () => model.requests.length > asked);
    s.child.kill("SIGTERM");
    const res = await answer;
    expect(res.status).toBe(200);
    await waitUntil("the process to leave", () => s.exited);
    expect(s.code).toBe(0);
    expect(s.stdout.trim().split("\n").slice(1).map((line) => JSON.parse(line) as { status: number }).map((l) => l.status)).toEqual([200]);
  });

  it("serves --workers 2 from two processes on one port, printing the URL once and summing /metrics", async () => {
    model.setBehaviour({ kind: "answer", text: ANSWER });
    const s = serve(["--workers", "2"]);
    await s.waitFor(/^http:\/\/127\.0\.0\.1:\d+\n/);
    const url = urlOf(s.stdout);
    await waitUntil("both workers", () => childrenOf(s.child.pid!).length === 2);
    const workers = childrenOf(s.child.pid!);
    const asked = model.requests.length;
    // Each request on a connection of its own: the primary hands connections to the workers that
    // listen, in turn. The second worker may still be starting, so ask until both have answered.
    const owners = new Set<number | null>();
    let sent = 0;
    while (owners.size < 2 && sent < 200) {
      expect((await ask(url)).status).toBe(200);
      sent++;
      for (const r of model.requests.slice(asked)) owners.add(ownerOfPort(r.remotePort, workers));
    }
    expect([...owners].sort()).toEqual([...workers].sort());
    const metrics = await send(url, "GET", "/metrics");
    const requests = parsePrometheusTextFormat(metrics.text).find((f) => f.name === "jadpo_requests_total");
    expect(requests?.metrics).toEqual([{ labels: { action: "answer_customer", status: "200" }, value: String(sent) }]);
    expect(await s.stop()).toBe(0);
    const lines = s.stdout.split("\n");
    expect(lines.filter((line) => line.startsWith("http://"))).toEqual([url]);
    // Every log line whole, one per request.
    expect(lines.slice(1).filter((line) => line !== "").map((line) => (JSON.parse(line) as { status: number }).status)).toEqual(Array.from({ length: sent }, () => 200));
  });

  it("says once, with --workers 2, that the port is taken, and exits 1", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    try {
      const port = (taken.address() as AddressInfo).port;
      const run = await runJadpoAsync(["serve", "--port", String(port), "--workers", "2"], { cwd: example, env: { JADPO_SERVE_TOKEN: TOKEN, JADPO_AI_BASE_URL: model.url } });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe([
        `error: Port ${port} is already in use`,
        "  reason: Another program (perhaps another `jadpo dev` or `jadpo serve`) is serving on that port.",
        "  next: Pass another `--port`, or `--port 0` to pick a free one (human)",
        "  rule: cli.port_in_use",
        "",
      ].join("\n"));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("a build's server.mjs", () => {
  it("serves the build copied alone out of the repository, and drains on SIGTERM", async () => {
    model.setBehaviour({ kind: "answer", text: ANSWER });
    expect(runJadpo(["build"], { cwd: example }).code).toBe(0);
    const alone = mkdtempSync(join(tmpdir(), "jadpo-server-mjs-"));
    try {
      cpSync(join(example, "build"), alone, { recursive: true });
      const child = spawn(process.execPath, ["server.mjs", "--port", "0", "--concurrency", "2"], {
        cwd: alone, env: jadpoEnv({ JADPO_SERVE_TOKEN: TOKEN, JADPO_AI_BASE_URL: model.url }),
      });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      await waitUntil("the URL", () => stdout.includes("\n"));
      const url = urlOf(stdout);
      expect((await ask(url)).json).toEqual({ result: { resolved_by_articles: true, reply: "Yes." } });
      expect((await send(url, "GET", "/ready")).status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(JSON.parse(stdout.split("\n")[1])).toMatchObject({ action: "answer_customer", status: 200 });
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it("takes the same flags: a usage error is the same diagnostic", () => {
    expect(runJadpo(["build"], { cwd: example }).code).toBe(0);
    const run = spawnSync(process.execPath, [join(example, "build/server.mjs"), "--concurrency", "none"], { encoding: "utf8", env: jadpoEnv({}) });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("error: `--concurrency` takes a whole number, 1 or more, not `none`");
  });

  it("names its own flags, and no global one, for a flag it doesn't take", () => {
    expect(runJadpo(["build"], { cwd: example }).code).toBe(0);
    // A misspelt flag, and jadpo's global `--color`, which is not one of server.mjs's.
    for (const [flag, next] of [["--prot", "Write `--port`"], ["--color", "Run `node server.mjs --help` to see what it takes"]]) {
      const run = spawnSync(process.execPath, [join(example, "build/server.mjs"), flag, "never"], { encoding: "utf8", env: jadpoEnv({}) });
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`error: \`node server.mjs\` has no flag \`${flag}\`\n  reason: A command takes only the flags its \`--help\` lists.\n  next: ${next} (human)\n  rule: cli.unknown_option\n`);
    }
  });
});
