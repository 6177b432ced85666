// Where the fuzz and the identity checks get their inputs: files read from the repository, and
// the fuzz's mutated copies of the example project, made the same way wherever they are used (so
// `pnpm fuzz` and `bench/check-identity.ts` with one seed see the same inputs).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { breakUtf8, chooseMutation, rng } from "./mutate.ts";

/** Every file below `root` that `keep` accepts (absolute paths, sorted by folder), past build and tool folders. */
export function walkFiles(root: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (name === "node_modules" || name === ".git" || name === ".jadpo" || name === "dist") continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (keep(full)) out.push(full);
    }
  };
  visit(root);
  return out;
}

/** The example project's files by root-relative path. */
export function exampleCorpus(): Record<string, string> {
  const root = join(import.meta.dirname, "../../examples/support");
  return Object.fromEntries(walkFiles(root, () => true).map((full) => [relative(root, full), readFileSync(full, "utf8")]));
}

export interface MutatedInput {
  /** The root-relative path of the file that was mutated. */
  path: string;
  content: string | Uint8Array;
  /** Every file of the project under `root`, the mutated one included. */
  files: Record<string, string | Uint8Array>;
  /** The mutations' names, and `utf-8` when the bytes were broken. */
  mutations: string[];
  /** The input's random stream, past what making it took (for choices that follow). */
  random: () => number;
}

/** Input number `input` of the fuzz with `seed`: one file of the example, mutated one to three times, sometimes as broken UTF-8. */
export function mutatedInput(corpus: Record<string, string>, seed: number, input: number, root: string): MutatedInput {
  const sources = Object.keys(corpus).filter((path) => path.endsWith(".jadpo") || path.endsWith(".jadpotest"));
  const random = rng(seed ^ Math.imul(input, 2654435761));
  const path = sources[Math.floor(random() * sources.length)];
  const mutations: string[] = [];
  let text = corpus[path];
  for (let m = 0, n = 1 + Math.floor(random() * 3); m < n; m++) {
    const [name, mutate] = chooseMutation(random);
    mutations.push(name);
    text = mutate(text, random);
  }
  const asBytes = random() < 0.15;
  const content: string | Uint8Array = asBytes ? breakUtf8(text, random) : text;
  if (asBytes) mutations.push("utf-8");
  const files: Record<string, string | Uint8Array> = {};
  for (const [p, t] of Object.entries(corpus)) files[`${root}/${p}`] = t;
  files[`${root}/${path}`] = content;
  return { path, content, files, mutations, random };
}
