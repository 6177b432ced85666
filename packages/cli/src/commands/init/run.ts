// What `jadpo init` does: check the folder holds no Jadpo files, write the template project into
// it (adding `.jadpo/` to an existing `.gitignore` rather than replacing it), and print the files
// and the next steps. Refused, it writes nothing; failing halfway (a full disk), it takes back what it wrote.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { diagnostic, discoverFiles, renderErrorPlain } from "@jadpo/compiler";
import { slashPath } from "../../toolchain.ts";
import type { CliContext } from "../../context.ts";
import { diskFull, failedPath, isDiskFull } from "../../disk-full.ts";
import { nodeHost } from "../../node-host.ts";
import { terminalFor, type ColorMode } from "../../terminal.ts";
import { reportUsage } from "../../usage.ts";
import { templateFiles, type TemplateFile } from "./templates.ts";
import { toolchainFolder } from "./toolchain-files.ts";
import { initText, type Written } from "./render.ts";

export interface InitOptions {
  color: ColorMode;
}

const GITIGNORE = ".gitignore";

/** `path` as printed: relative to the current directory, with `/`; `.` for the directory itself. */
export function shownPath(cwd: string, path: string): string {
  const shown = slashPath(relative(cwd, path));
  return shown === "" ? "." : shown;
}

/** The first Jadpo file already in `folder` (`app.jadpo` before any other), as a path below it. */
function existingJadpoFile(folder: string): string | null {
  if (existsSync(join(folder, "app.jadpo"))) return "app.jadpo";
  const found = discoverFiles(nodeHost, slashPath(folder)).files;
  return found.length > 0 ? found[0].path : null;
}

/** A folder name below `cwd` that doesn't exist yet, to suggest. */
function freshFolder(cwd: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? "my-app" : `my-app-${n}`;
    if (!existsSync(join(cwd, name))) return name;
  }
}

/** Whether a `.gitignore` already ignores jadpo's state folder. */
function ignoresState(text: string): boolean {
  return text.split(/\r?\n/).some((line) => /^\/?\.jadpo\/?\s*$/.test(line));
}

/** What `write` did so far, so a failed init can take back exactly that. */
interface Undo {
  /** Files it created, and folders it made (each before what it holds). */
  created: string[];
  /** An existing `.gitignore` it added to, with its size before. */
  appended: { path: string; size: number } | null;
  /** The file being written when it stopped. */
  writing: string | null;
}

/** The folders `mkdirSync(folder, { recursive: true })` will make, outermost first. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  return missing;
}

/** Writes the files (none of which exists, but `.gitignore`), returning what was done to each. */
function write(folder: string, files: TemplateFile[], undo: Undo): Written[] {
  const written: Written[] = [];
  for (const file of files) {
    const target = join(folder, file.path);
    if (file.path === GITIGNORE && existsSync(target)) {
      const text = readFileSync(target, "utf8");
      if (ignoresState(text)) {
        written.push({ path: target, how: "kept" });
      } else {
        undo.appended = { path: target, size: statSync(target).size };
        undo.writing = target;
        appendFileSync(target, `${text === "" || text.endsWith("\n") ? "" : "\n"}.jadpo/\n`);
        written.push({ path: target, how: "added" });
      }
      continue;
    }
    // Noted first: a mkdir stopped halfway leaves some of them.
    undo.created.push(...missingFolders(dirname(target)));
    undo.writing = target;
    mkdirSync(dirname(target), { recursive: true });
    try {
      writeFileSync(target, file.bytes, { flag: "wx" }); // never over a file that appeared meanwhile
    } catch (error) {
      // Created and left empty or short (a full disk), unless it was there already.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" && existsSync(target)) undo.created.push(target);
      throw error;
    }
    undo.created.push(target);
    written.push({ path: target, how: "created" });
  }
  return written;
}

/** Takes back a failed init: its files and folders go, the `.gitignore` gets its old length back. Never throws. */
function takeBack(undo: Undo): void {
  for (const path of [...undo.created].reverse()) {
    try {
      // A folder only if empty: whatever else appeared in it meanwhile is not ours to remove.
      if (statSync(path).isDirectory()) rmdirSync(path);
      else rmSync(path, { force: true });
    } catch {
      // Left as it is; the error printed says what went wrong.
    }
  }
  if (undo.appended !== null) {
    try {
      truncateSync(undo.appended.path, undo.appended.size);
    } catch {
      // As above.
    }
  }
}

export async function runInit(given: string | undefined, options: InitOptions, context: CliContext): Promise<void> {
  const folder = given === undefined ? context.cwd : isAbsolute(given) ? given : resolve(context.cwd, given);
  const shown = shownPath(context.cwd, folder);
  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    return reportUsage(context, diagnostic("cli.not_a_folder", null, { path: shown }));
  }
  const files = templateFiles();
  if (existsSync(folder)) {
    // A template file already there (other than a `.gitignore`, which is added to) is a clash too.
    const clash = existingJadpoFile(folder) ?? files.find((f) => f.path !== GITIGNORE && existsSync(join(folder, f.path)))?.path ?? null;
    if (clash !== null) {
      const d = diagnostic("cli.folder_not_empty", null, {
        folder: shown,
        file: shownPath(context.cwd, join(folder, clash)),
        suggestion: `jadpo init ${freshFolder(context.cwd)}`,
      });
      context.stdout.write(`${renderErrorPlain(d)}\n`);
      context.exitCode = 1;
      return;
    }
  }
  let written: Written[];
  const undo: Undo = { created: [], appended: null, writing: null };
  try {
    written = write(folder, files, undo);
  } catch (error) {
    // No half-written project is left behind: what this run wrote is taken back.
    takeBack(undo);
    if (isDiskFull(error)) {
      const failed = failedPath(error, context.cwd) ?? (undo.writing === null ? shown : shownPath(context.cwd, undo.writing));
      context.stderr.write(`${renderErrorPlain(diskFull(error, failed, `run \`jadpo init\` again`))}\n`);
      context.exitCode = 1;
      return;
    }
    const why = error instanceof Error && "code" in error ? String(error.code) : String(error);
    return reportUsage(context, diagnostic("cli.folder_unwritable", null, { path: shown, why }));
  }
  const terminal = terminalFor(context.stdout, context.env, options.color);
  const docs = toolchainFolder("docs", "getting-started.md");
  context.stdout.write(
    initText({ cwd: context.cwd, folder, written, docs: docs === null ? null : join(docs, "getting-started.md") }, terminal.paint),
  );
  context.exitCode = 0;
}
