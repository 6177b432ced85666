// `jadpo test` arguments → root-relative selectors: paths are given relative to the current
// directory (or absolute); `file:line` keeps its line.
import { isAbsolute, relative, resolve } from "node:path";
import { diagnostic, type Diagnostic } from "@jadpo/compiler";
import { slashPath } from "../../toolchain.ts";
import type { Selector } from "@jadpo/runtime";
import { splitLineSuffix } from "../../run-flags.ts";
import { nodeHost } from "../../node-host.ts";

export type SelectorsResult = { ok: true; selectors: Selector[] } | { ok: false; diagnostic: Diagnostic };

/** The path part of an argument: `a/b.jadpotest:12` → `a/b.jadpotest` (unless a file is named so). */
export function argumentPath(argument: string, cwd: string): string {
  const whole = isAbsolute(argument) ? argument : resolve(cwd, argument);
  return nodeHost.exists(whole) ? argument : splitLineSuffix(argument).path;
}

export function resolveSelectors(args: string[], cwd: string, root: string): SelectorsResult {
  const selectors: Selector[] = [];
  for (const argument of args) {
    const whole = isAbsolute(argument) ? argument : resolve(cwd, argument);
    const { path, line } = nodeHost.exists(whole) ? { path: argument, line: null } : splitLineSuffix(argument);
    const absolute = isAbsolute(path) ? path : resolve(cwd, path);
    if (!nodeHost.exists(absolute)) {
      return { ok: false, diagnostic: diagnostic("cli.path_not_found", null, { path }) };
    }
    const inRoot = slashPath(relative(root, absolute));
    if (inRoot === ".." || inRoot.startsWith("../") || isAbsolute(inRoot)) {
      return { ok: false, diagnostic: diagnostic("cli.path_outside_project", null, { path, root: slashPath(relative(cwd, root)) || "." }) };
    }
    if (line !== null && line < 1) {
      return { ok: false, diagnostic: diagnostic("cli.bad_line", null, { argument, line }) };
    }
    selectors.push({ path: inRoot, line });
  }
  return { ok: true, selectors };
}
