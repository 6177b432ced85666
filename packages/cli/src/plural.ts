// A count and its noun for the CLI's messages: `1 file`, `3 files` (every noun they count takes `s`).
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
