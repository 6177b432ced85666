// `--seeds A..B`: the range of run seeds a sweep runs each test under (docs/seeds-and-coverage.md).

export interface SeedRange {
  first: number;
  last: number;
}

export function seedCount(range: SeedRange): number {
  return range.last - range.first + 1;
}
