// Reading and writing one cache entry: JSON that names its own key, so bytes that don't parse,
// belong to another key or lack a field are a miss, never an error.
import type { ModuleCache } from "./store.ts";

/** A non-null object (arrays too): what a stored entry is checked with before its fields are read. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const FORMAT = "jadpo-cache-entry 1";

/** The value stored under `key`, when the entry is whole and `valid` accepts it; null otherwise. */
export function readEntry<T>(cache: ModuleCache, key: string, valid: (value: unknown) => value is T): T | null {
  let bytes: Uint8Array | null;
  try {
    bytes = cache.store.read(key);
  } catch {
    return null;
  }
  if (!bytes) return null;
  try {
    const entry: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!isObject(entry)) return null;
    const { format, key: stored, value } = entry;
    return format === FORMAT && stored === key && valid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeEntry(cache: ModuleCache, key: string, value: unknown): void {
  try {
    cache.store.write(key, new TextEncoder().encode(JSON.stringify({ format: FORMAT, key, value })));
  } catch {
    // A cache that can't be written only makes the next run do the work again.
  }
}
