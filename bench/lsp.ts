// `pnpm bench:lsp [runs]`: how long `jadpo lsp` takes to re-check a project after a one-file
// change, on the example and on the generated 50,000-line project of bench:check. For each, it
// opens a file in the built server, sends `runs` edits (each a real change of its text) one at a
// time and prints the medians of: the server's own compile (the file re-parsed, the rest kept),
// and the wall time from sending `didChange` to receiving its diagnostics.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LspClient } from "../packages/cli/test/support/lsp.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 21);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label: string, root: string, file: string): Promise<void> {
  const client = await LspClient.start(root);
  const text = readFileSync(join(root, file), "utf8");
  await client.open(file, text);
  await client.diagnosticsOf(file);
  const compile: number[] = [];
  const wall: number[] = [];
  let parsed: string[] = [];
  for (let i = 0; i < runs; i++) {
    const arrived = new Promise<void>((resolve) => (client.onPublish = (uri) => uri === client.uri(file) && resolve()));
    const started = performance.now();
    await client.change(file, `${text}\n// edit ${i}\n`);
    await arrived;
    wall.push(performance.now() - started);
    const last = await client.connection.sendRequest<{ ms: number; parsed: string[] }>("jadpo/lastCheck", { uri: client.uri(file) });
    compile.push(last.ms);
    parsed = last.parsed;
  }
  await client.stop();
  console.log(`${label}: re-check after a one-file change: compile ${median(compile).toFixed(1)} ms, didChange → diagnostics ${median(wall).toFixed(1)} ms (median of ${runs}; re-parsed: ${parsed.join(", ")})`);
}

const example = mkdtempSync(join(tmpdir(), "jadpo-bench-lsp-example-"));
cpSync(join(repo, "examples/support"), example, { recursive: true });
await measure("example (9 files)", example, "domains/support/actions/answer_customer.jadpo");
rmSync(example, { recursive: true, force: true });

const large = mkdtempSync(join(tmpdir(), "jadpo-bench-lsp-large-"));
const generated = spawnSync(process.execPath, ["--import", "tsx", join(repo, "bench/check.ts"), "--generate", large], { encoding: "utf8" });
if (generated.status !== 0) throw new Error(generated.stderr);
await measure(`bench:check project (${generated.stdout.trim()})`, large, "domains/d0/actions.jadpo");
rmSync(large, { recursive: true, force: true });
