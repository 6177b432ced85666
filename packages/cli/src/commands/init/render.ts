// The text `jadpo init` prints: the files it wrote, then the next steps as commands that work
// pasted in the folder it ran in.
import { isAbsolute, relative } from "node:path";
import type { Paint } from "@jadpo/compiler";
import { slashPath } from "../../toolchain.ts";
import { shellWord } from "../../shell-word.ts";

export interface Written {
  /** Absolute. */
  path: string;
  /** created; or, for an existing `.gitignore`: `.jadpo/` added to it, or kept as it was. */
  how: "created" | "added" | "kept";
}

export interface InitResult {
  cwd: string;
  /** The project folder, absolute. */
  folder: string;
  written: Written[];
  /** The getting-started page shipped with this jadpo, absolute; null when it isn't there. */
  docs: string | null;
}

/** A path as printed: relative to `cwd` (absolute when outside it is shorter to read), with `/`. */
function shown(cwd: string, path: string, outside: "relative" | "absolute" = "relative"): string {
  const rel = slashPath(relative(cwd, path));
  if (rel === "") return ".";
  if (outside === "absolute" && (rel.startsWith("../") || isAbsolute(rel))) return slashPath(path);
  return rel;
}

const NOTES: Readonly<Record<string, string>> = { added: "  (`.jadpo/` added)", kept: "  (kept: it ignores `.jadpo/` already)" };

export function initText(r: InitResult, paint: Paint): string {
  const project = shown(r.cwd, r.folder);
  const lines = [`${paint.ok("✓")} Created a Jadpo project in ${project === "." ? "this folder" : `\`${project}\``}`];
  for (const w of r.written) lines.push(`    ${shown(r.cwd, w.path)}${NOTES[w.how] ?? ""}`);
  if (project !== ".") lines.push(`→ cd ${shellWord(project)}`);
  lines.push("→ jadpo test  runs its tests: the fake answers every AI call, offline");
  lines.push("→ jadpo dev  serves its actions on http://127.0.0.1:3000");
  const where = r.docs === null ? "" : ` (this install's copy: ${shown(r.cwd, r.docs, "absolute")})`;
  lines.push(`  docs: docs/getting-started.md in the jadpo repository${where}`);
  return `${lines.join("\n")}\n`;
}

