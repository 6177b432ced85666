// A project from strings, compiled by the real pipeline (discover → parse → resolve → check), so
// tests can't drift from what `jadpo check` and `jadpo test` do.
import type { CheckOptions } from "../check/check-program.ts";
import { compileProject, type CompileResult } from "../pipeline.ts";
import { memoryHost } from "./memory-host.ts";

/** Where a project written as strings lives, its files read as `/project/<path>`: `compileSources`'s unless told otherwise, and the runtime's testing projects'. */
export const SOURCES_ROOT = "/project";

/**
 * `files`: root-relative path → contents (`app.jadpo`, `domains/…/*.jadpo`, `*.jadpotest`,
 * recordings). Compiles them as the project at `root` on an in-memory host.
 */
export function compileSources(
  files: Record<string, string | Uint8Array>, root: string = SOURCES_ROOT, options: CheckOptions = {},
): CompileResult {
  const absolute: Record<string, string | Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) absolute[`${root}/${path}`] = content;
  return compileProject(memoryHost(absolute), root, options);
}
