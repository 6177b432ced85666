// How much source one compile may take in, from the heap the process has: a run holds every
// file's syntax tree and the checked program at once, and a project past what the heap holds
// would end the process with V8's out-of-memory abort (a native stack trace, no report). The
// host says how large its heap is and how full it is; the compiler stops with
// `limit.project_too_large` before that.
import { diagnostic, type Diagnostic } from "./diagnostics/diagnostic.ts";

export interface MemoryBudget {
  /** The most heap this process may use, in bytes (V8's `heap_size_limit`). */
  heapLimit: number;
  /** Heap in use now, in bytes: read between files. */
  heapUsed(): number;
}

/**
 * Heap a run needs for each byte of source, with a margin: at its peak, `jadpo check` of the
 * generated 50 MB project of `bench/large-project.ts` (small functions, dense code) took 1.9 GB
 * of memory, about 39 bytes per byte, and `jadpo test` a little less (it finds the facts of a
 * body only when the body first runs).
 */
export const HEAP_PER_SOURCE_BYTE = 48;

/**
 * Past this share of the heap in use, no further file is parsed (a source denser than the ratio):
 * the syntax trees are about three quarters of a run's peak, so checking still fits.
 */
const HEAP_STOP = 0.7;

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const gib = (bytes: number): string => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

/** The most source bytes a compile takes in with this heap. */
export function sourceBudget(memory: MemoryBudget): number {
  return Math.floor(memory.heapLimit / HEAP_PER_SOURCE_BYTE);
}

/** `limit.project_too_large` when `sourceBytes` of source files are over the budget, else null. */
export function overBudget(memory: MemoryBudget, sourceBytes: number): Diagnostic | null {
  const budget = sourceBudget(memory);
  if (sourceBytes <= budget) return null;
  return diagnostic("limit.project_too_large", null, {
    variant: "sources", size: mib(sourceBytes), budget: mib(budget), heap: gib(memory.heapLimit), ratio: String(HEAP_PER_SOURCE_BYTE),
  });
}

/** `limit.project_too_large` when the heap is nearly full after `readBytes` of source, else null. */
export function heapFull(memory: MemoryBudget, readBytes: number): Diagnostic | null {
  const used = memory.heapUsed();
  if (used <= memory.heapLimit * HEAP_STOP) return null;
  return diagnostic("limit.project_too_large", null, {
    variant: "heap", used: gib(used), heap: gib(memory.heapLimit), size: mib(readBytes), ratio: String(HEAP_PER_SOURCE_BYTE),
  });
}
