// Small projects for `jadpo check` end to end, in temp folders (run with ../support/jadpo.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

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
