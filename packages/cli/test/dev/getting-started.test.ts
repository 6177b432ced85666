// docs/getting-started.md's `jadpo dev` section, against what `jadpo dev` prints on the project
// the page builds (`jadpo init`'s app and the page's `file=` blocks): the start-up block line for
// line, the sandbox line, and the call log line of the recorded call. Only the port, the model
// server's URL and the milliseconds differ.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RecordingKey, valuesDigestOfJson } from "@jadpo/runtime/recordings";
import { findBlocks } from "../../../compiler/test/docs/blocks.ts";
import { buildCli } from "../support/build-cli.ts";
import { repo, runJadpo, waitUntil } from "../support/jadpo.ts";
import { DevProcess, closedPort, stopAll } from "./dev-server.ts";

const PAGE = "docs/getting-started.md";
const page = readFileSync(join(repo, PAGE), "utf8");
let tmp = "";
let root = "";

/** The plain output block (a fence with no info string) whose first line starts with `first`. */
function outputBlock(first: string): string[] {
  const lines = page.split("\n");
  for (let i = 0; i + 1 < lines.length; i++) {
    if (lines[i] !== "```" || !lines[i + 1].startsWith(first)) continue;
    const end = lines.indexOf("```", i + 1);
    return lines.slice(i + 1, end);
  }
  throw new Error(`${PAGE} has no output block starting ${first}`);
}

/** The port and the model server's address as placeholders; milliseconds as `N ms`. */
function normal(text: string): string {
  return text
    .replace(/http:\/\/127\.0\.0\.1:3000/g, "http://127.0.0.1:PORT")
    .replace(/http:\/\/127\.0\.0\.1:\d+\/v1/g, "MODEL_URL")
    .replace(/\d+ ms/g, "N ms");
}

/** The key this test's project keeps its recordings under (`jadpo ai record` would use the project's own). */
const KEY = "getting-started-test-recording-key";

/**
 * The page's recording (asked with the fixture `dishes.pancakes`) as `jadpo ai record` would have
 * written it here: the page says "your `values` digits will differ", because the digest is keyed
 * by each project's recording key.
 */
function asRecorded(json: string): string {
  const recording = JSON.parse(json) as { asked?: { fixture?: string; values?: string } };
  if (recording.asked?.fixture !== "dishes.pancakes") return json;
  recording.asked.values = valuesDigestOfJson(new RecordingKey(KEY), { dish: "pancakes", reader_locale: "en-GB" });
  return `${JSON.stringify(recording, null, 2)}\n`;
}

beforeAll(() => {
  buildCli();
  tmp = mkdtempSync(join(tmpdir(), "jadpo-getting-started-"));
  root = join(tmp, "my-app");
  expect(runJadpo(["init", root], { cwd: tmp }).code).toBe(0);
  for (const block of findBlocks(PAGE, page)) {
    if (block.file === null) continue;
    mkdirSync(dirname(join(root, block.file)), { recursive: true });
    writeFileSync(join(root, block.file), block.file.endsWith(".json") ? asRecorded(block.code) : block.code);
  }
}, 120_000);

afterAll(async () => {
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
});

it("prints the page's start-up block, the sandbox warning and the recorded call's log line", async () => {
  const dev = await DevProcess.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, JADPO_RECORDING_KEY: KEY });
  await waitUntil("the sandbox line", () => dev.stdout.includes("sandbox:"));
  const own = (text: string) => normal(text.split(dev.url).join("http://127.0.0.1:3000"));
  const printed = own(dev.stdout).split("\n");
  const block = outputBlock("✓ jadpo dev serving").map(normal);
  // The block's last line is the sandbox line with a model answering; here none does.
  expect(printed.slice(0, block.length - 1)).toEqual(block.slice(0, -1));
  const warning = /``(▲ sandbox: [^`]*(?:`[^`]+`[^`]*)*)``/.exec(page)?.[1];
  expect(warning).toBeDefined();
  expect(printed[block.length - 1]).toBe(normal(warning!).replace("http://127.0.0.1:8080/v1", "MODEL_URL"));

  const res = await dev.post("suggest", { dish: "pancakes" });
  expect(res.status).toBe(200);
  const logLine = /`(call_1 suggest_recipe ← [^`]*)`/.exec(page)?.[1];
  expect(logLine).toBeDefined();
  await waitUntil("the call's log line", () => dev.stdout.includes("call_1 suggest_recipe"));
  expect(own(dev.stdout).split("\n").map((line) => line.trim()), dev.stdout).toContain(normal(logLine!));
});
