// docs/getting-started.md against what its commands print on the project the page builds
// (`jadpo init`'s app and the page's `file=` blocks, written in the page's order): every output
// block (a fence with no info string) and the outputs the text quotes. Only the port, the model
// server's URL and the milliseconds are normalised. A page block this test doesn't know fails it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RecordingKey, valuesDigestOfJson } from "@jadpo/runtime/recordings";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { findBlocks } from "../../../compiler/test/docs/blocks.ts";
import { repo, runJadpoHere, waitUntil, type Run } from "../support/jadpo.ts";
import { RunningDev, closedPort, stopAll } from "./dev-server.ts";
import { blockStarting, outputBlocks } from "./page-blocks.ts";

const PAGE = "docs/getting-started.md";
const page = readFileSync(join(repo, PAGE), "utf8");
const blocks = outputBlocks(page);
const files = findBlocks(PAGE, page).filter((block) => block.file !== null);
let tmp = "";
let root = "";
let model: FakeModelServer;

/** The first lines of the output blocks this test compares; each is compared by one test below. */
const COMPARED = ["FAIL  the model's recipe is passed on", "✓ Recorded `suggest_recipe`'s answer", "✓ jadpo dev serving", '{"result":'];

const outputBlock = (first: string): string[] => blockStarting(PAGE, blocks, first);

/** The port and the model server's address as placeholders; milliseconds as `N ms`. */
function normal(text: string): string {
  return text
    .replace(/http:\/\/127\.0\.0\.1:3000/g, "http://127.0.0.1:PORT")
    .replace(/http:\/\/127\.0\.0\.1:\d+\/v1/g, "MODEL_URL")
    .replace(/\d+ ms/g, "N ms");
}

/** The key this test's project keeps its recordings under (`jadpo ai record` would use the project's own). */
const KEY = "getting-started-test-recording-key";

/** The model's answer to the recording step: the page's recipe, before placeholders. */
const ANSWER = JSON.stringify({ title: "Pancakes", minutes: 15, steps: ["Whisk.", "Rest.", "Fry."] });

/** Writes the page's `file=` block for `path`; `edit` changes it first. */
function writeBlock(path: string, edit: (code: string) => string = (code) => code): void {
  const block = files.find((b) => b.file === path);
  if (block === undefined) throw new Error(`${PAGE} has no block for ${path}`);
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), edit(block.code));
}

const jadpo = (args: string[]): Promise<Run> =>
  runJadpoHere(args, { cwd: root, env: { JADPO_AI_BASE_URL: model.url, JADPO_RECORDING_KEY: KEY } });

const RECORDING = "domains/recipes/prompts/recordings/suggest_recipe/pancakes.json";
const TEST_FILE = "domains/recipes/actions/suggest.test.jadpo";

beforeAll(async () => {
  // A local model that reports no usage, as the page's recording shows.
  model = await startFakeModelServer({ kind: "answer", text: ANSWER, usage: null });
  tmp = mkdtempSync(join(tmpdir(), "jadpo-getting-started-"));
  root = join(tmp, "my-app");
  expect((await runJadpoHere(["init", "my-app"], { cwd: tmp })).code).toBe(0);
});

afterAll(async () => {
  await stopAll();
  await model?.close();
  rmSync(tmp, { recursive: true, force: true });
});

it("has no output block this test doesn't compare", () => {
  expect(blocks.map((block) => COMPARED.find((first) => block[0].startsWith(first)) ?? block[0])).toEqual(COMPARED);
});

it("2: a new project's tests pass with the line the page quotes", async () => {
  const quoted = /passes, such as `(✓ [^`]+)`/.exec(page)?.[1];
  expect(quoted).toBeDefined();
  const run = await jadpo(["test"]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(normal(run.stdout).split("\n")).toContain(quoted);
});

it("3: the first feature checks with `✓ Check passed`", async () => {
  for (const path of ["domains/recipes/types.jadpo", "domains/recipes/failures.jadpo", "domains/recipes/prompts/suggest_recipe.jadpo", "domains/recipes/actions/suggest.jadpo"]) writeBlock(path);
  expect(page).toContain("`jadpo check` prints `✓ Check passed`");
  const run = await jadpo(["check"]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout.startsWith("✓ Check passed")).toBe(true);
});

it("4 and 5: the tests pass, then the broken one prints the page's FAIL block", async () => {
  writeBlock(TEST_FILE);
  const pass = await jadpo(["test"]);
  expect(pass.code, pass.stdout + pass.stderr).toBe(0);
  writeBlock(TEST_FILE, (code) => code.replace("assert recipe.minutes == 20", "assert recipe.minutes == 25"));
  const fail = await jadpo(["test", "domains/recipes"]);
  expect(fail.code).toBe(1);
  expect(normal(fail.stdout + fail.stderr).trimEnd().split("\n")).toEqual(outputBlock("FAIL  the model's recipe").map(normal));
  writeBlock(TEST_FILE);
});

it("6: `jadpo ai record` prints the page's block and writes the page's file", async () => {
  writeBlock("domains/recipes/fixtures/dishes.jadpo");
  const run = await jadpo(["ai", "record", "suggest_recipe", "--as", "pancakes", "--fixture", "dishes.pancakes"]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout.trimEnd().split("\n")).toEqual(outputBlock("✓ Recorded `suggest_recipe`'s answer"));
  // The page says "your `values` digits will differ": the digest is keyed by each project's key.
  const recording = JSON.parse(files.find((b) => b.file === RECORDING)!.code) as { asked: { values: string } };
  recording.asked.values = valuesDigestOfJson(new RecordingKey(KEY), { dish: "pancakes", reader_locale: "en-GB" });
  expect(readFileSync(join(root, RECORDING), "utf8")).toBe(`${JSON.stringify(recording, null, 2)}\n`);
  writeBlock("domains/recipes/actions/suggest_recorded.test.jadpo");
  // The verbose reporter names every test, the recording test among them.
  const tests = await jadpo(["test", "--reporter", "verbose"]);
  expect(tests.code, tests.stdout + tests.stderr).toBe(0);
  const named = /recording test\*\*, `([^`]+)`/.exec(page)?.[1];
  expect(named).toBeDefined();
  expect(tests.stdout.split("\n").map((line) => line.trim().replace(/  [\d.]+ms$/, ""))).toContain(`✓ ${named}`);
});

it("7: `jadpo dev` prints the page's start-up block (its sandbox line with a model answering, the warning without), the curl answer and the call's log line", async () => {
  const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, JADPO_RECORDING_KEY: KEY });
  await waitUntil("the sandbox line", () => dev.stdout.includes("sandbox:"));
  const own = (text: string) => normal(text.split(dev.url).join("http://127.0.0.1:3000"));
  const printed = own(dev.stdout).split("\n");
  const block = outputBlock("✓ jadpo dev serving").map(normal);
  // The block's last line is the sandbox line with a model answering; here none does.
  expect(printed.slice(0, block.length - 1)).toEqual(block.slice(0, -1));
  const warning = /``(▲ sandbox: [^`]*(?:`[^`]+`[^`]*)*)``/.exec(page)?.[1];
  expect(warning).toBeDefined();
  expect(printed[block.length - 1]).toBe(normal(warning!).replace("http://127.0.0.1:8080/v1", "MODEL_URL"));

  const curl = /```sh\n(curl [^\n]*\/actions\/suggest[^\n]*)\n```/.exec(page)?.[1];
  expect(curl).toBeDefined();
  expect(curl).toContain("-H 'content-type: application/json'");
  const body = /-d '([^']*)'/.exec(curl!)![1];
  const res = await dev.request("POST", "/actions/suggest", body);
  expect(res.status).toBe(200);
  expect(res.text.trimEnd().split("\n")).toEqual(outputBlock('{"result":'));
  const logLine = /`(call_1 suggest_recipe ← [^`]*)`/.exec(page)?.[1];
  expect(logLine).toBeDefined();
  await waitUntil("the call's log line", () => dev.stdout.includes("call_1 suggest_recipe"));
  expect(own(dev.stdout).split("\n").map((line) => line.trim()), dev.stdout).toContain(normal(logLine!));

  const empty = await dev.request("POST", "/actions/suggest", '{"dish":""}');
  expect(empty.status).toBe(400);
  expect(page).toContain("(`{\"dish\":\"\"}` gets a 400 saying `` `min_length` on `dish` ``)");
  expect(empty.json.error.message).toContain("`min_length` on `dish`");
  await dev.stop();

  // The block's last line, with a model answering.
  const answering = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url, JADPO_RECORDING_KEY: KEY });
  await waitUntil("the sandbox line", () => answering.stdout.includes("sandbox:"));
  expect(normal(answering.stdout).split("\n")).toContain(block.at(-1));
});
