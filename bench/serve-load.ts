// `pnpm bench:serve [rounds]`: load on the example app served four ways, over loopback only:
// `jadpo serve`, a build's `server.mjs`, `jadpo serve --workers 2`, and `jadpo dev`. A testing model
// server in this process answers every model request at once. Each round sends each server 200
// unmeasured requests, then 2,000 at 50 concurrent (keep-alive connections, each answered before
// the next on its connection), and prints requests/s, p50 and p99 latency and the server's peak
// RSS (VmHWM of its processes, summed over workers), and how many answers weren't 200. Bounded: a fixed count of requests, and each
// server stopped at the end of its run. Rounds are interleaved, so the machine's drift hits all alike.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeModelServer } from "../packages/runtime/src/testing/openai-server.ts";
import { jadpoBin as bin, median, repo } from "./scenarios/common.ts";

const rounds = Number(process.argv[2] ?? 3);
const TOTAL = 2000;
const CONCURRENT = 50;
const WARM_UP = 200;
const TOKEN = "bench-token";

const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const model = await startFakeModelServer({ kind: "answer", text: JSON.stringify({ resolved_by_articles: true, reply: "The seeded rye has sesame seeds." }) });

// The example, with a daily budget no run reaches: `jadpo dev` then asks the model for every
// request, as serve does, instead of answering from recordings after the 50th.
const root = mkdtempSync(join(tmpdir(), "jadpo-bench-serve-"));
cpSync(join(repo, "examples/support"), root, { recursive: true });
writeFileSync(join(root, "app.jadpo"), readFileSync(join(root, "app.jadpo"), "utf8").replace("per_day: 50", "per_day: 1000000"));
const built = spawnSync(process.execPath, [bin, "build"], { cwd: root, encoding: "utf8" });
if (built.status !== 0) throw new Error(`jadpo build failed:\n${built.stdout}${built.stderr}`);

const env = { ...process.env, JADPO_SERVE_TOKEN: TOKEN, JADPO_AI_BASE_URL: model.url, NO_COLOR: "1" };

interface Variant {
  name: string;
  args: string[];
  headers: Record<string, string>;
}

const serveHeaders = { authorization: `Bearer ${TOKEN}` };
const variants: Variant[] = [
  { name: "jadpo serve", args: [bin, "serve", "--port", "0"], headers: serveHeaders },
  { name: "build/server.mjs", args: [join(root, "build/server.mjs"), "--port", "0"], headers: serveHeaders },
  { name: "jadpo serve --workers 2", args: [bin, "serve", "--port", "0", "--workers", "2"], headers: serveHeaders },
  { name: "jadpo dev", args: [bin, "dev", "--port", "0"], headers: {} },
];

/** The URL the server prints first (`jadpo dev`'s is inside its first line). */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => {
      out += text;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (url !== null) resolve(url[0]);
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before serving: ${out}`)));
  });
}

/** Peak resident memory of `pid` and its children, in MB (Linux's VmHWM). */
function peakRssMb(pid: number): number {
  const one = (p: number): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter((c) => c !== "").map(Number);
  return (one(pid) + children.reduce((sum, c) => sum + one(c), 0)) / 1024;
}

/** A request's latency in ms, and its status. */
function post(url: string, agent: Agent, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const body = JSON.stringify({ question: "Does the rye contain sesame?" });
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/actions/answer_customer`, {
      method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
    }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - began, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** `count` requests, `CONCURRENT` at a time; each one's latency in ms, the answers that weren't 200, and the wall time. */
async function load(url: string, headers: Record<string, string>, count: number): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, async () => {
    while (next < count) {
      next++;
      const { ms, status } = await post(url, agent, headers);
      latencies.push(ms);
      if (status !== 200) errors++;
    }
  }));
  agent.destroy();
  return { latencies, errors, seconds: (performance.now() - began) / 1000 };
}

/** How serve's AI calls ended (its metrics): `success ×2000`. */
async function aiOutcomes(url: string): Promise<string> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text(), () => "");
  return [...text.matchAll(/^jadpo_ai_calls_total\{[^}]*outcome="([a-z_]+)"\} (\d+)/gm)].map((m) => `${m[1]} ×${m[2]}`).join(", ");
}

interface Figures {
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  rss: number;
}

async function run(variant: Variant): Promise<Figures> {
  const child = spawn(process.execPath, variant.args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr!.resume();
  try {
    const url = await started(child);
    await load(url, variant.headers, WARM_UP);
    const { latencies, errors, seconds } = await load(url, variant.headers, TOTAL);
    if (errors > 0 && variant.name !== "jadpo dev") console.log(`${variant.name}: ${errors} answers not 200; AI calls: ${await aiOutcomes(url)}`);
    return { errors, rps: TOTAL / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rss: peakRssMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const results = new Map<string, Figures[]>(variants.map((v) => [v.name, []]));
const loads: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) {
    loads.push(loadavg()[0]);
    results.get(variant.name)!.push(await run(variant));
  }
}
await model.close();
rmSync(root, { recursive: true, force: true });

console.log(`${TOTAL} requests at ${CONCURRENT} concurrent, the model answering at once; medians of ${rounds} rounds (load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`);
console.log("| server | requests/s | p50 ms | p99 ms | peak RSS MB | not 200 (all rounds) |");
console.log("|---|---|---|---|---|---|");
for (const [name, figures] of results) {
  const m = (pick: (f: Figures) => number) => median(figures.map(pick));
  const errors = figures.reduce((sum, f) => sum + f.errors, 0);
  console.log(`| ${name} | ${m((f) => f.rps).toFixed(0)} | ${m((f) => f.p50).toFixed(1)} | ${m((f) => f.p99).toFixed(1)} | ${m((f) => f.rss).toFixed(0)} | ${errors} |`);
}
