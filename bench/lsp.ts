// `pnpm bench:lsp [runs] [--bin <jadpo.mjs>]`: the built `jadpo lsp` (or another build's, to
// compare) while someone types, on the example and on a
// 50,000-line project whose largest file has 10,000 lines (bench:check's project plus that file).
// For each project it opens the file and then, `runs` times (5 by default):
// - replays typing: 20 keystrokes at 20 keys a second (one `didChange` with the whole text every
//   50 ms, as editors send them), the last one leaving a mistake, and measures the delay from the
//   last key to the diagnostics of that last text (the ones a user sees settle);
// - sends a hover right after each keystroke and measures how long each takes to be answered.
// It prints the median settle delay, the median and worst hover, and one re-check's compile time
// (with what it checked again).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { LspClient, type Position } from "../packages/cli/test/support/lsp.ts";
import { jadpoEnv } from "../packages/cli/test/support/jadpo.ts";
import { functionsSource } from "./scenarios/check-project.ts";
import { median, repo } from "./scenarios/common.ts";

const args = process.argv.slice(2);
const binAt = args.indexOf("--bin");
const otherBin = binAt >= 0 ? args.splice(binAt, 2)[1] : null;
const runs = Number(args[0] ?? 5);
/** How the server is started: this clone's build, or the one `--bin` names. */
const start = otherBin === null ? undefined : (root: string) => () => spawnJadpoWith(otherBin, root);
const KEYS = 20;
const INTERVAL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text after `typed` keystrokes of `statement` on a new line after `anchor`. */
function typedText(text: string, anchor: string, statement: string, typed: number): string {
  const at = text.indexOf(anchor) + anchor.length;
  return `${text.slice(0, at)}\n    ${statement.slice(0, typed)}${text.slice(at)}`;
}

async function measure(label: string, root: string, file: string, anchor: string, hoverAt: string): Promise<void> {
  const client = await LspClient.start(root, start?.(root));
  const text = readFileSync(join(root, file), "utf8");
  await client.open(file, text);
  await client.diagnosticsOf(file);
  const position: Position = LspClient.positionOf(text, hoverAt, 1);
  const settles: number[] = [];
  const hovers: number[] = [];
  let compile = 0;
  let rechecked = "";
  for (let run = 0; run < runs; run++) {
    // 20 keys: `var kept_<run> = nope` is 20 characters; `nope` is unknown, so the last text has one mistake.
    const statement = `var kept_${run}x = nope`.padEnd(KEYS, " ").slice(0, KEYS);
    const answered: Promise<void>[] = [];
    let lastKey = 0;
    // When the last text's diagnostics arrive, as they arrive (polling for them would round the
    // delay up); the client keeps only those of the text as last sent.
    const uri = client.uri(file);
    const settled = new Promise<number>((resolve) => {
      client.onPublish = (published) => {
        if (lastKey > 0 && published === uri && client.diagnostics.get(uri)!.some((x) => x.message.includes("`nope`"))) resolve(performance.now());
      };
    });
    for (let key = 1; key <= KEYS; key++) {
      const started = performance.now();
      await client.change(file, typedText(text, anchor, statement, key));
      if (key === KEYS) lastKey = performance.now();
      const hoverStarted = performance.now();
      answered.push(client.request("textDocument/hover", file, position).then(() => void hovers.push(performance.now() - hoverStarted)));
      if (key < KEYS) await sleep(Math.max(0, INTERVAL_MS - (performance.now() - started)));
    }
    settles.push((await settled) - lastKey);
    client.onPublish = null;
    await Promise.all(answered);
    const last = await client.connection.sendRequest<{ ms: number; checked?: { whole: boolean; checked: number } | null } | null>("jadpo/lastCheck", { uri: client.uri(file) });
    compile = last?.ms ?? NaN;
    // A build before checks were made from the last one says nothing of it.
    const checked = last?.checked;
    rechecked = checked ? `: ${checked.whole ? "the whole project" : `${checked.checked} declaration(s) checked again, the rest kept`}` : "";
    // Back to the text on disk before the next run.
    await client.change(file, text);
    await client.diagnosticsOf(file, (d) => d.length === 0);
  }
  await client.stop();
  console.log(`${label}`);
  console.log(`  last key → its final diagnostics  median ${median(settles).toFixed(0)} ms  (runs: ${settles.map((s) => s.toFixed(0)).join(", ")}; target ≤ 300 ms)`);
  console.log(`  hover during the burst            median ${median(hovers).toFixed(1)} ms, worst ${Math.max(...hovers).toFixed(1)} ms  (${hovers.length} hovers; target ≤ 50 ms)`);
  console.log(`  one re-check's compile            ${compile.toFixed(0)} ms${rechecked}`);
}

function spawnJadpoWith(bin: string, root: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [bin, "lsp"], { cwd: root, env: jadpoEnv(), stdio: ["pipe", "pipe", "pipe"] });
}

console.log(`bench:lsp: ${otherBin ?? "this clone's build"}, ${KEYS} keys at ${1000 / INTERVAL_MS} keys/s, ${runs} runs, load ${loadavg()[0].toFixed(1)}`);
const example = mkdtempSync(join(tmpdir(), "jadpo-bench-lsp-example-"));
cpSync(join(repo, "examples/support"), example, { recursive: true });
await measure("example (15 files)", example, "domains/support/actions/answer_customer.jadpo", "    -> SupportAnswer\n{", "asked, as: SupportAnswer");
rmSync(example, { recursive: true, force: true });

const large = mkdtempSync(join(tmpdir(), "jadpo-bench-lsp-large-"));
const generated = spawnSync(process.execPath, ["--import", "tsx", join(repo, "bench/check.ts"), "--generate", large, "40200"], { encoding: "utf8" });
if (generated.status !== 0) throw new Error(generated.stderr);
// The 10,000-line file: 286 groups of three functions, in a folder module of its own.
const big = "domains/d0/big/calc.jadpo";
const bigText = `use d0/types { Order, Stars, Tone, Verdict0 }\n\n${functionsSource(0, 286)}`;
mkdirSync(join(large, dirname(big)), { recursive: true });
writeFileSync(join(large, big), bigText);
const lines = (path: string) => readFileSync(path, "utf8").split("\n").length;
const total = spawnSync("sh", ["-c", `cat $(find ${large} -name '*.jadpo') | wc -l`], { encoding: "utf8" }).stdout.trim();
await measure(`50,000-line project (${total} lines; the file typed in: ${lines(join(large, big))} lines)`, large, big, "function total_150(order: Order, stars: Stars) -> Decimal {", "order.price * 2");
rmSync(large, { recursive: true, force: true });
