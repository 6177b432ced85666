// Test helper: a project from sources (root-relative path → text), parsed, resolved and checked.
import { parseFile } from "../../src/syntax/parse-file.ts";
import { moduleNames, fileKind } from "../../src/modules/load.ts";
import { resolveModules } from "../../src/modules/resolve.ts";
import { checkProgram } from "../../src/check/check-program.ts";
import type { LoadedFile } from "../../src/modules/graph.ts";
import type { CheckedProgram } from "../../src/check/program.ts";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface Checked {
  program: CheckedProgram;
  /** Parse and module diagnostics first, then the checker's. */
  diagnostics: Diagnostic[];
  /** Only the checker's. */
  checkDiagnostics: Diagnostic[];
  files: LoadedFile[];
}

/** `files`: `*.jadpo`/`*.jadpotest` sources, and `*.json` recordings (their paths only matter). */
export function checkSources(files: Record<string, string>): Checked {
  const loaded: LoadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const recordings: string[] = [];
  for (const path of Object.keys(files).sort()) {
    const kind = fileKind(path);
    if (!kind) {
      if (path.endsWith(".json") && path.includes("recordings/")) recordings.push(path);
      continue;
    }
    const parsed = parseFile(path, kind, files[path]);
    diagnostics.push(...parsed.diagnostics);
    loaded.push({ path, kind, ...moduleNames(path), source: parsed.source, syntax: parsed.syntax });
  }
  const resolved = resolveModules(loaded);
  diagnostics.push(...resolved.diagnostics);
  const checked = checkProgram(resolved.graph, recordings);
  return { program: checked.program, diagnostics: [...diagnostics, ...checked.diagnostics], checkDiagnostics: checked.diagnostics, files: loaded };
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
