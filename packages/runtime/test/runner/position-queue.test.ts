// The run's queue of positions (src/runner/position-queue.ts) hands them out exactly as the
// array it replaced did with `splice(0, n)`, `splice(0)` and `unshift(...)`.
import { describe, expect, it } from "vitest";
import { PositionQueue } from "../../src/runner/position-queue.ts";

describe("PositionQueue", () => {
  it("gives what the same operations on an array give, in any mix", () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const count = next(40);
      const queue = new PositionQueue(count);
      const array = Array.from({ length: count }, (_, i) => i);
      const out: number[][] = [];
      for (let step = 0; step < 30; step++) {
        const op = next(4);
        if (op === 0 || op === 1) {
          const n = 1 + next(9);
          const taken = queue.take(n);
          expect(taken).toEqual(array.splice(0, n));
          out.push(taken);
        } else if (op === 2 && out.length > 0) {
          const back = out.splice(next(out.length), 1)[0];
          queue.putBack(back);
          array.unshift(...back);
        } else if (op === 3 && next(5) === 0) {
          expect(queue.takeAll()).toEqual(array.splice(0));
        }
        expect(queue.length).toBe(array.length);
      }
      expect(queue.takeAll()).toEqual(array);
      expect(queue.length).toBe(0);
    }
  });

  it("hands out a long run's positions in batches, in order", () => {
    const queue = new PositionQueue(400_000);
    let seen = 0;
    while (queue.length > 0) {
      const batch = queue.take(8);
      expect(batch[0]).toBe(seen);
      seen += batch.length;
    }
    expect(seen).toBe(400_000);
  });
});
