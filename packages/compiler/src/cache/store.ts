// The cache's seam: the compiler does no IO, so whoever runs it (the CLI, tests) passes a store
// and a digest. A store may lose, corrupt or share entries at any time: every read is checked
// (see entry.ts), and a bad or missing entry is only a miss.

export interface CacheStore {
  /** The bytes stored under `key`, or null when there are none or they can't be read. */
  read(key: string): Uint8Array | null;
  /** Stores `bytes` under `key` all at once (a reader sees the old entry, the new one or none); failures are ignored. */
  write(key: string, bytes: Uint8Array): void;
}

export interface ModuleCache {
  store: CacheStore;
  /** Names the build of the toolchain: an entry made by another build is never used. */
  toolchain: string;
  /** A collision-resistant digest, as hex (the CLI uses SHA-256). */
  digest(parts: readonly (string | Uint8Array)[]): string;
}

/** A store in memory, for tests and for a long-running process. */
export function memoryStore(): CacheStore & { entries: Map<string, Uint8Array> } {
  const entries = new Map<string, Uint8Array>();
  return {
    entries,
    read: (key) => entries.get(key) ?? null,
    write: (key, bytes) => void entries.set(key, bytes),
  };
}
