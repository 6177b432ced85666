// docs/dev.md against what `jadpo dev` prints on the example app, the project the page shows:
// every output block (a fence with no info string). Only the port, the model server's URL, the
// milliseconds and the day are normalised. A page block this test doesn't know fails it.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample } from "../support/example.ts";
import { repo, waitUntil } from "../support/jadpo.ts";
import { RunningDev, closedPort, setPerDay, stopAll } from "./dev-server.ts";
import { blockStarting, outputBlocks } from "./page-blocks.ts";

const PAGE = "docs/dev.md";
const page = readFileSync(join(repo, PAGE), "utf8");
const blocks = outputBlocks(page);
const PAGE_PORT = /http:\/\/127\.0\.0\.1:41327/g;
const KEY = "dev-page-test-recording-key";
const roots: string[] = [];
let model: FakeModelServer;

/** The first lines of the output blocks this test compares; each is compared by one test below. */
const COMPARED = ["$ jadpo dev --port 0", "$ curl -s -X POST", "✓ sandbox: the model of connection", "{", "POST /actions/answer_customer → 200"];

const outputBlock = (first: string): string[] => blockStarting(PAGE, blocks, first);

/** Port, model URL, milliseconds and the day as placeholders. */
function normal(text: string): string {
  return text
    .replace(PAGE_PORT, "http://127.0.0.1:PORT")
    .replace(/http:\/\/127\.0\.0\.1:\d+\/v1/g, "MODEL_URL")
    .replace(/\d+ ms/g, "N ms")
    .replace(/\d{4}-\d\d-\d\d/g, "DAY");
}

async function start(env: Record<string, string>): Promise<{ dev: RunningDev; root: string; printed: () => string[] }> {
  const root = copyExample("jadpo-dev-page-");
  roots.push(root);
  return startIn(root, env);
}

async function startIn(root: string, env: Record<string, string>): Promise<{ dev: RunningDev; root: string; printed: () => string[] }> {
  const dev = await RunningDev.start(root, { JADPO_RECORDING_KEY: KEY, ...env });
  const printed = () => normal(dev.stdout.split(dev.url).join("http://127.0.0.1:41327")).split("\n");
  return { dev, root, printed };
}

beforeAll(async () => {
  model = await startFakeModelServer({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: "We don't deliver to Jersey." }) });
});

afterEach(() => stopAll());

afterAll(async () => {
  await model?.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

it("has no output block this test doesn't compare", () => {
  expect(blocks.map((block) => COMPARED.find((first) => block[0].startsWith(first)) ?? block[0])).toEqual(COMPARED);
});

/** The POST the page's curl block makes, and the answer it shows. */
function curlBlock(): { body: string; answer: string[] } {
  const [command, ...answer] = outputBlock("$ curl -s -X POST");
  // Without it curl sends a form, which the server refuses (415).
  expect(command).toContain("-H 'content-type: application/json'");
  expect(command).toContain(" http://127.0.0.1:41327/actions/answer_customer ");
  return { body: /-d '([^']*)'/.exec(command)![1], answer };
}

/** The lines of the log that `waitFor` ends, the start-up block's included. */
async function lines(run: { dev: RunningDev; printed: () => string[] }, waitFor: string): Promise<string[]> {
  await waitUntil(waitFor, () => run.dev.stdout.includes(waitFor));
  await waitUntil(`the line after ${waitFor}`, () => /\n.*because [^\n]*\n/.test(run.dev.stdout.slice(run.dev.stdout.indexOf(waitFor))));
  return run.printed().filter((line) => line !== "");
}

it("with no model: the start-up block, the ▲ sandbox line, the curl answer and the call's lines", async () => {
  const run = await start({ JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
  const { body, answer } = curlBlock();
  await waitUntil("the sandbox line", () => run.dev.stdout.includes("sandbox:"));
  const res = await run.dev.request("POST", "/actions/answer_customer", body);
  expect(res.status).toBe(200);
  expect(res.text.trimEnd().split("\n")).toEqual(answer);
  const [command, ...block] = outputBlock("$ jadpo dev --port 0");
  expect(command).toBe("$ jadpo dev --port 0");
  // The page's URL is the example's default base_url, where no model listens.
  const page = block.map((line) => normal(line).replace("http://127.0.0.1:8080/v1", "MODEL_URL"));
  expect(await lines(run, "call_1")).toEqual(page);
  const sandbox = outputBlock("✓ sandbox: the model of connection");
  expect(sandbox).toHaveLength(2);
  expect(page).toContain(normal(sandbox[1]).replace("http://127.0.0.1:8080/v1", "MODEL_URL"));
});

it("with a model: the ✓ sandbox line, the day's usage file and the call past per_day", async () => {
  const root = copyExample("jadpo-dev-page-");
  roots.push(root);
  setPerDay(root, 3);
  const run = await startIn(root, { JADPO_AI_BASE_URL: model.url });
  await waitUntil("the sandbox line", () => run.dev.stdout.includes("sandbox:"));
  const sandbox = outputBlock("✓ sandbox: the model of connection");
  expect(run.printed()).toContain(normal(sandbox[0]).replace("http://127.0.0.1:8080/v1", "MODEL_URL"));
  for (let i = 0; i < 4; i++) expect((await run.dev.request("POST", "/actions/answer_customer", curlBlock().body)).status).toBe(200);
  const printed = await lines(run, "call_4");
  const past = outputBlock("POST /actions/answer_customer → 200").map(normal);
  expect(printed.slice(-past.length)).toEqual(past);
  expect(normal(readFileSync(join(root, ".jadpo/dev/usage.json"), "utf8")).trimEnd().split("\n")).toEqual(outputBlock("{").map(normal));
});
