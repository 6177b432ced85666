// The files of a new project: `templates/init/` beside the CLI, copied as they are. The template's
// `gitignore` is written as `.gitignore` (npm leaves files named `.gitignore` out of packages).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { toolchainFolder } from "./toolchain-files.ts";

export interface TemplateFile {
  /** Where it goes, relative to the new project's folder, with `/`. */
  path: string;
  bytes: Buffer;
}

/** Renamed on the way out: template name → project path. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: ".gitignore" };

/** The template folder, or an error naming what is missing (a broken install). */
export function templateFolder(): string {
  const folder = toolchainFolder("templates/init", "app.jadpo");
  if (folder === null) throw new Error("jadpo init: its templates (templates/init/app.jadpo) were not found above the install");
  return folder;
}

/** Every template file, `app.jadpo` first, then by path, `.gitignore` last. */
export function templateFiles(folder: string = templateFolder()): TemplateFile[] {
  const files: TemplateFile[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(folder, rel), { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== ".jadpo") walk(path); // the state of a `jadpo test` run in the template
      }
      else files.push({ path: RENAMED[path] ?? path, bytes: readFileSync(join(folder, path)) });
    }
  };
  walk("");
  const rank = (path: string) => (path === "app.jadpo" ? 0 : path.startsWith(".") ? 2 : 1);
  return files.sort((a, b) => rank(a.path) - rank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
