// Test helper: a project from sources (root-relative path → text), compiled by the real pipeline.
import { compileSources } from "../../src/testing/index.ts";
import type { LoadedFile } from "../../src/modules/graph.ts";
import type { CheckedProgram } from "../../src/check/program.ts";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface Checked {
  program: CheckedProgram;
  /** Every diagnostic, sorted by file then offset (as `jadpo check` reports them). */
  diagnostics: Diagnostic[];
  files: LoadedFile[];
}

/**
 * `files`: `app.jadpo`, `*.jadpo`/`*.jadpotest` sources and `*.json` recordings. Throws when the
 * project doesn't get as far as checking (a syntax or module problem): these tests are about the checker.
 */
export function checkSources(files: Record<string, string>): Checked {
  const result = compileSources(files);
  if (result.program === null) {
    throw new Error(`the sources don't reach the checker:\n${rendered(result.diagnostics)}`);
  }
  return { program: result.program, diagnostics: result.diagnostics, files: result.graph.files };
}

/** Every diagnostic as plain text, separated by blank lines. */
export function rendered(diagnostics: Diagnostic[]): string {
  return diagnostics.map((d) => renderErrorPlain(d)).join("\n\n");
}

/** A folder on disk as sources (for `examples/support`). */
export function readProject(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(root, full).split("\\").join("/")] = readFileSync(full, "utf8");
    }
  };
  walk(root);
  return out;
}

export const EXAMPLE_ROOT = new URL("../../../../examples/support", import.meta.url).pathname;
