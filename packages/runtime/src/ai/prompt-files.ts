// The toolchain's texts for real models, read from the runtime's `prompts/` folder at run time. The
// folder is found by walking up from this file: from the sources that is `packages/runtime/prompts`,
// from the CLI's bundle the copy the bundle build puts beside it (`packages/cli/dist/prompts`). A
// build's `app.mjs` reads no file: its bundle holds the texts in this module's place.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let folder: string | null = null;
const texts = new Map<string, string>();

/** The `prompts/` folder holding `answer-format.txt`, nearest above this module. */
export function promptsFolder(): string {
  if (folder !== null) return folder;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "prompts", "answer-format.txt"))) {
      folder = join(dir, "prompts");
      return folder;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("jadpo: the runtime's prompts/ folder (answer-format.txt) was not found above its install");
    dir = parent;
  }
}

/** The text of `prompts/<name>`, line ends as `\n`. */
export function promptText(name: string): string {
  const hit = texts.get(name);
  if (hit !== undefined) return hit;
  const loaded = readFileSync(join(promptsFolder(), name), "utf8").replace(/\r\n/g, "\n");
  texts.set(name, loaded);
  return loaded;
}
