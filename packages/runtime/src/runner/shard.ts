// `--shard i/n`: a deterministic split of the selected tests into n contiguous chunks, so
// shards 1/n … n/n together run every test exactly once and tests of one file stay together.

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** The i-th of n contiguous chunks (sizes differ by at most one). */
export function applyShard<T>(items: T[], shard: Shard | null): T[] {
  if (!shard) return items;
  const start = Math.floor(((shard.index - 1) * items.length) / shard.count);
  const end = Math.floor((shard.index * items.length) / shard.count);
  return items.slice(start, end);
}
