// `jadpo test` arguments → root-relative selectors: paths are given relative to the current
// directory (or absolute); `file:line` keeps its line.
import { isAbsolute, relative, resolve } from "node:path";
import type { Diagnostic } from "@jadpo/compiler";
import { splitLineSuffix, type Selector } from "@jadpo/runtime";
import { nodeHost } from "../node-host.ts";
import { usageDiagnostic } from "../usage.ts";

const toSlash = (path: string): string => path.replace(/\\/g, "/");

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
      return { ok: false, diagnostic: usageDiagnostic(`There is no file or folder \`${path}\``, "Pass a file or folder of the project, or `file:line` of a test") };
    }
    const inRoot = toSlash(relative(root, absolute));
    if (inRoot === ".." || inRoot.startsWith("../") || isAbsolute(inRoot)) {
      return { ok: false, diagnostic: usageDiagnostic(`\`${path}\` is not in the project at \`${toSlash(relative(cwd, root)) || "."}\``, "Pass files and folders of one project") };
    }
    if (line !== null && line < 1) {
      return { ok: false, diagnostic: usageDiagnostic(`\`${argument}\` names line ${line}; lines start at 1`, "Write `file:line` with the line of a test's declaration") };
    }
    selectors.push({ path: inRoot, line });
  }
  return { ok: true, selectors };
}
