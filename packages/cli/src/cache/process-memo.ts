// This process's parse reuse (the compiler's ParseMemo): a watch's rerun, or the next command
// of the same process, parses only the files whose bytes changed. Off with JADPO_CACHE=off,
// which makes every run a cold one.
import { parseMemo, type ParseMemo } from "@jadpo/compiler";

let memo: ParseMemo | undefined;

export function processMemo(env: Readonly<Record<string, string | undefined>>): ParseMemo | undefined {
  if (env.JADPO_CACHE === "off") return undefined;
  return (memo ??= parseMemo());
}
