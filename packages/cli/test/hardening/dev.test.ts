// The probe's `jadpo dev` defects, the command run in this process: a rebuild that throws (D3), a
// pattern that backtracks in a request (D4), requests from other web pages (D7), a stale lock that
// stalled the event loop (D9), stale temporary files (D12), an oversized body reset (D16), and the
// key in an action's result (D1).
import { request } from "node:http";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { nodeHost } from "../../src/node-host.ts";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { waitUntil } from "../support/jadpo.ts";
import { closedPort, RunningDev, stopAll } from "../dev/dev-server.ts";

class Project extends ExampleCopy {
  static example(): Project {
    // Not about the retries' waits: no model answers these calls.
    return new Project(copyExample("jadpo-hardening-dev-")).retryingAtOnce();
  }
}

const project = disposedAfterEach(() => Project.example());

/** `jadpo dev` whose model is a port nothing listens on, whatever runs on the machine's 8080. */
async function startWithoutModel(root: string): ReturnType<typeof RunningDev.start> {
  return RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
}

afterEach(async () => {
  await stopAll();
  vi.restoreAllMocks();
});

interface Answer {
  status: number;
  text: string;
  /** A reset or refused connection, instead of an answer. */
  error?: string;
}

/** One raw request (any Host, Origin and body), answered or not. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", (error) => resolve({ status: 0, text: "", error: error.message }));
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    req.end(body);
  });
}

const JSON_HEADERS = { "content-type": "application/json" };
const QUESTION = JSON.stringify({ question: "Sesame?" });

describe("requests from other web pages (D7) and oversized bodies (D16)", () => {
  it("403 for a foreign Origin or Host, 415 for a body that isn't JSON, 400 (not a reset) for 17 MB", async () => {
    const dev = await startWithoutModel(project().root);
    const port = new URL(dev.url).port;
    const post = (headers: Record<string, string>, body: Buffer | string = QUESTION) => raw(dev.url, "POST", "/actions/answer_customer", headers, body);

    const evil = await post({ ...JSON_HEADERS, origin: "http://evil.example" });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.text).error.message).toBe("jadpo dev answers only its own pages and programs on this machine, not other web pages");
    const rebound = await raw(dev.url, "GET", "/_dev/calls.json", { host: "evil.example:80" });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error.message).toBe("jadpo dev answers only requests addressed to 127.0.0.1 or localhost at its port");
    const form = await post({ "content-type": "text/plain" });
    expect(form.status).toBe(415);
    expect(JSON.parse(form.text).error.code).toBe("unsupported_media_type");
    const huge = await post(JSON_HEADERS, Buffer.alloc(17 * 1024 * 1024, 0x20));
    expect(huge.error).toBeUndefined();
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.text).error.message).toBe("The request body is larger than 16 MiB");
    // Refused action requests are printed and listed like the others.
    const wrongMethod = await raw(dev.url, "GET", "/actions/answer_customer", {});
    expect(wrongMethod.status).toBe(405);
    await dev.jadpo.waitFor(/GET \/actions\/answer_customer → 405\n/);
    expect(dev.stdout).toContain("POST /actions/answer_customer → 415\n");
    expect(dev.stdout).toContain("POST /actions/answer_customer → 400\n");
    const listed = JSON.parse((await raw(dev.url, "GET", "/_dev/calls.json", {})).text) as { failed_requests: { status: number }[] };
    // Newest first; the 403s never reached an action.
    expect(listed.failed_requests.map((f) => f.status)).toEqual([405, 400, 415]);

    // Its own pages and programs still get through, by either name.
    expect((await post({ ...JSON_HEADERS, origin: dev.url })).status).toBe(200);
    expect((await post({ ...JSON_HEADERS, host: `localhost:${port}` })).status).toBe(200);
    expect((await raw(dev.url, "GET", "/health", {})).status).toBe(200);
  });
});

describe("a rebuild that throws (D3)", () => {
  it("keeps serving the last good build, and /health answers", async () => {
    const p = project();
    const dev = await startWithoutModel(p.root);
    // A file whose read fails with EIO: an error no user mistake gives, so the build throws.
    const eio = () => {
      throw Object.assign(new Error("EIO: i/o error, open"), { code: "EIO" });
    };
    const readWithin = nodeHost.readWithin;
    const readFile = nodeHost.readFile;
    vi.spyOn(nodeHost, "readWithin").mockImplementation((path, limit) => (path.endsWith("boom.jadpo") ? eio() : readWithin(path, limit)));
    vi.spyOn(nodeHost, "readFile").mockImplementation((path) => (path.endsWith("boom.jadpo") ? eio() : readFile(path)));
    p.write("domains/support/boom.jadpo", "function boom() -> Int {\n    return 1\n}\n");
    await dev.jadpo.waitFor(/build failed: an internal error; still serving the last good build/);
    expect(`${dev.stdout}${dev.stderr}`).toContain("rule: toolchain.internal_error");
    expect((await raw(dev.url, "GET", "/health", {})).status).toBe(200);
    expect((await raw(dev.url, "POST", "/actions/answer_customer", JSON_HEADERS, QUESTION)).status).toBe(200);
    expect(dev.jadpo.exited).toBe(false);
  });
});

describe("patterns in requests (D4)", () => {
  it("a 32-character parameter against (a+)+b answers at once, and /health meanwhile", async () => {
    const p = project().write("domains/codes/codes.jadpo", 'type Code = Text { pattern: "(a+)+b" }\n\naction check_code(code: Code) -> Bool {\n    return true\n}\n');
    const dev = await startWithoutModel(p.root);
    const asked = raw(dev.url, "POST", "/actions/check_code", JSON_HEADERS, JSON.stringify({ code: `${"a".repeat(31)}c` }));
    const health = await raw(dev.url, "GET", "/health", {});
    expect(health.status).toBe(200);
    expect((await asked).status).toBe(400);
  });
});

describe("stale state of a killed dev (D9, D12)", () => {
  it("removes a dead process's locks and temporary files at start-up, and never waits on them", async () => {
    const p = project();
    const state = join(p.root, ".jadpo/dev");
    mkdirSync(join(state, "calls.jsonl.lock"), { recursive: true });
    writeFileSync(join(state, "calls.jsonl.lock/pid"), "999999\n");
    mkdirSync(join(state, "usage.json.lock"), { recursive: true });
    writeFileSync(join(state, "usage.json.lock/pid"), "999999\n");
    writeFileSync(join(state, "usage.json.999999.tmp"), "{");
    const dev = await startWithoutModel(p.root);
    expect(readdirSync(state).sort()).toEqual([]);
    const started = Date.now();
    expect((await raw(dev.url, "POST", "/actions/answer_customer", JSON_HEADERS, QUESTION)).status).toBe(200);
    // A stall on a dead lock took 8 to 10 s; without one the answer takes milliseconds.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(join(state, "calls.jsonl"))).toBe(true);
  });

  it("takes over a call log lock whose owner died while it runs", async () => {
    const p = project();
    const dev = await startWithoutModel(p.root);
    const state = join(p.root, ".jadpo/dev");
    mkdirSync(join(state, "calls.jsonl.lock"), { recursive: true });
    writeFileSync(join(state, "calls.jsonl.lock/pid"), "999999\n");
    expect((await raw(dev.url, "POST", "/actions/answer_customer", JSON_HEADERS, QUESTION)).status).toBe(200);
    await waitUntil("the call logged", () => existsSync(join(state, "calls.jsonl")), 5_000);
  });
});

describe("a call log lock held by a live process", () => {
  it("is waited for without blocking: /health answers meanwhile, and the call is logged once it is free", async () => {
    const p = project();
    const dev = await startWithoutModel(p.root);
    const state = join(p.root, ".jadpo/dev");
    // This test's own process is the live owner.
    mkdirSync(join(state, "calls.jsonl.lock"), { recursive: true });
    writeFileSync(join(state, "calls.jsonl.lock/pid"), `${process.pid}\n`);
    let answered = false;
    const asked = raw(dev.url, "POST", "/actions/answer_customer", JSON_HEADERS, QUESTION).then((answer) => {
      answered = true;
      return answer;
    });
    // Time for the action to run and reach the lock; a synchronous wait would hold /health back until it gave up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await raw(dev.url, "GET", "/health", {})).status).toBe(200);
    expect(answered).toBe(false);
    rmSync(join(state, "calls.jsonl.lock"), { recursive: true, force: true });
    expect((await asked).status).toBe(200);
    expect(readFileSync(join(state, "calls.jsonl"), "utf8")).toMatch(/^\{"id":"call_1",.*"prompt":"answer_question"/);
    expect(dev.stderr).not.toContain("could not be written");
  });
});

describe("the key in an action's result (D1)", () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer({ kind: "answer", text: (req) => JSON.stringify({ resolved_by_articles: false, reply: `Your key is ${String(req.headers["authorization"] ?? "").replace(/^Bearer /, "")}` }) });
  });
  afterAll(() => server.close());

  it("is replaced by *** in the answer", async () => {
    const key = 'SECRETMARK"q\\z';
    const dev = await RunningDev.start(project().root, { JADPO_AI_KEY: key, JADPO_AI_BASE_URL: server.url });
    const answer = await raw(dev.url, "POST", "/actions/answer_customer", JSON_HEADERS, QUESTION);
    expect(server.requests.at(-1)?.headers["authorization"]).toBe(`Bearer ${key}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ result: { resolved_by_articles: false, reply: "Your key is ***" } });
  });
});
