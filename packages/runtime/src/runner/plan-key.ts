// A short fingerprint of a plan (each entry's file and name, in order), so a worker whose
// project differs from the main thread's (a file changed between the two loads) is never used.
import type { PlannedTest } from "./plan.ts";

export function planKey(plan: PlannedTest[]): string {
  // FNV-1a over the entries: cheap, and only compared for equality within one run.
  let hash = 0x811c9dc5;
  const mix = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  };
  for (const entry of plan) {
    mix(entry.file);
    mix("\u0000");
    mix(entry.name);
    mix("\u0001");
  }
  return `${plan.length}:${hash.toString(16)}`;
}
