// This process's parses (the compiler's ParseCache, as the language server keeps them): a watch's
// rerun, or the next command of the same process, parses only the files whose bytes changed.
// Off with JADPO_CACHE=off, which makes every run a cold one.
import { ParseCache } from "@jadpo/compiler";

let parses: ParseCache | undefined;

export function processParses(env: Readonly<Record<string, string | undefined>>): ParseCache | undefined {
  if (env.JADPO_CACHE === "off") return undefined;
  return (parses ??= new ParseCache());
}
