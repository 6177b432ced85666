// Where the fuzz and the identity checks get their inputs: files read from the repository, and
// the fuzz's mutated copies of the example project, made the same way wherever they are used (so
// `pnpm fuzz` and `bench/check-identity.ts` with one seed see the same inputs).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileKind } from "../../packages/compiler/src/modules/load.ts";
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

/** A Jadpo source or test file, by its name (the compiler's `fileKind`). */
export const isJadpoFile = (path: string): boolean => fileKind(path) !== null;

/** The random stream of input number `input` of a fuzz run with `seed`. */
export const inputRandom = (seed: number, input: number): (() => number) => rng(seed ^ Math.imul(input, 2654435761));

/** `text` mutated one to three times, and sometimes (15%) its bytes broken as UTF-8 (`utf-8` among the names). */
export function mutateText(text: string, random: () => number): { content: string | Uint8Array; mutations: string[] } {
  const mutations: string[] = [];
  let mutated = text;
  for (let m = 0, n = 1 + Math.floor(random() * 3); m < n; m++) {
    const [name, mutate] = chooseMutation(random);
    mutations.push(name);
    mutated = mutate(mutated, random);
  }
  if (random() >= 0.15) return { content: mutated, mutations };
  mutations.push("utf-8");
  return { content: breakUtf8(mutated, random), mutations };
}

/** Input number `input` of the fuzz with `seed`: one file of the example, mutated one to three times, sometimes as broken UTF-8. */
export function mutatedInput(corpus: Record<string, string>, seed: number, input: number, root: string): MutatedInput {
  const sources = Object.keys(corpus).filter(isJadpoFile);
  const random = inputRandom(seed, input);
  const path = sources[Math.floor(random() * sources.length)];
  const { content, mutations } = mutateText(corpus[path], random);
  const files: Record<string, string | Uint8Array> = {};
  for (const [p, t] of Object.entries(corpus)) files[`${root}/${p}`] = t;
  files[`${root}/${path}`] = content;
  return { path, content, files, mutations, random };
}
