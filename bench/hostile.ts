// `pnpm bench:hostile`: the built `jadpo check` on inputs that were quadratic or exponential
// before: a 1 MB file of 16,000 unknown names (did you mean, and the output bound), and a type
// with pattern `(a+)+b` checked against a 40-character literal (backtracking); and syntax errors,
// which the chevrotain parser reads: a 1 MB file with a mistake in each declaration, and a 1 MB
// test broken at its last line. Prints the median wall time of 5 runs of each, after one
// unmeasured run; each should stay well under 2 s.
// Build first: `pnpm build`. `--bin <jadpo.mjs>` runs another build (an older one, to compare).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brokenCorpus, longBrokenDeclaration } from "./fuzz/broken-corpus.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const binAt = process.argv.indexOf("--bin");
const jadpo = binAt >= 0 ? process.argv[binAt + 1] : join(repo, "packages/cli/bin/jadpo.mjs");

function project(file: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-bench-hostile-"));
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  writeFileSync(join(root, "domains/support", file), text);
  return root;
}

/** 16,000 lines `    var x<i> = zz<i>…`, each naming an unknown name, padded to about 1 MB. */
function unknownNames(): string {
  const lines = Array.from({ length: 16_000 }, (_, i) => `    var x${i} = unknown_name_${i}_${"q".repeat(36)}`);
  return `function many() -> Int {\n${lines.join("\n")}\n    return 1\n}\n`;
}

const PATTERN = `type Slow = Text { pattern: "(a+)+b" }\n\nfunction slow() -> Slow {\n    return "${"a".repeat(40)}c"\n}\n`;

function time(root: string): { ms: number; code: number | null; bytes: number } {
  const started = performance.now();
  // Cold each time: without the cache of checked projects.
  const run = spawnSync(process.execPath, [jadpo, "check"], { cwd: root, env: { ...process.env, NO_COLOR: "1", JADPO_CACHE: "off" }, encoding: "utf8", maxBuffer: 1 << 28 });
  return { ms: performance.now() - started, code: run.status, bytes: Buffer.byteLength(run.stdout) };
}

const inputs: [string, string, string][] = [
  ["16,000 unknown names", "many.jadpo", unknownNames()],
  ["(a+)+b against 40 a's", "slow.jadpo", PATTERN],
  ["1 MB of broken declarations", "broken.jadpotest", brokenCorpus(1024 * 1024)],
  ["a 1 MB test broken at its end", "long.jadpotest", longBrokenDeclaration(1024 * 1024)],
];
for (const [name, file, text] of inputs) {
  const root = project(file, text);
  try {
    time(root);
    const runs = Array.from({ length: 5 }, () => time(root));
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    const last = runs[runs.length - 1];
    console.log(`${name}: ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB source, median ${(sorted[2] / 1000).toFixed(2)} s (min ${(sorted[0] / 1000).toFixed(2)}, max ${(sorted[4] / 1000).toFixed(2)}), exit ${last.code}, ${last.bytes} bytes of output`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
console.log(`load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
