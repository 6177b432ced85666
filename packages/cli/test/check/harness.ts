// Helpers for `jadpo check` end to end: the BUILT binary, run on small projects in temp folders.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { bin } from "../example-copy.ts";

export { repo } from "../example-copy.ts";

export { buildCli } from "../build-cli.ts";

export interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** The environment of every run: no colour settings unless a test sets them. */
function baseEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !["NO_COLOR", "FORCE_COLOR", "TERM"].includes(key)) out[key] = value;
  }
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

/** Runs `jadpo <args>` in `cwd`, without a terminal. */
export function jadpo(args: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: baseEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), code }));
  });
}

/** Runs many at once, a few at a time, in order. */
export async function jadpoAll(runs: { args: string[]; cwd: string }[], atOnce = 4): Promise<Run[]> {
  const results: Run[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const i = next++;
      results[i] = await jadpo(runs[i].args, runs[i].cwd);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, runs.length) }, worker));
  return results;
}

const made: string[] = [];

/** A new project in a temp folder: `app.jadpo` (empty unless given) and the files given. */
export function project(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-check-"));
  made.push(root);
  writeFiles(root, { "app.jadpo": "", ...files });
  return root;
}

export function writeFiles(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Removes every project made so far (call in afterAll). */
export function removeProjects(): void {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** Lines joined with newlines, and a final newline (how whole outputs are written in tests). */
export function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}
