// Alea, Johannes Baagøe's generator, exactly as seedrandom 3.0.5's `alea` computes it (the same
// doubles for the same seed: every generated value and pinned test depends on them), as one small
// object instead of seedrandom's closures. Made once per test and purpose, so its set-up counts:
// the three mashes of " " every seeding starts with are done once, here.

const TWO_TO_MINUS_32 = 2.3283064365386963e-10;

/** Mash's state `n` after hashing `data` (seedrandom keeps it across the calls of one seeding). */
function mash(n: number, data: string): number {
  for (let i = 0; i < data.length; i++) {
    n += data.charCodeAt(i);
    let h = 0.02519603282416938 * n;
    n = h >>> 0;
    h -= n;
    h *= n;
    n = h >>> 0;
    h -= n;
    n += h * 0x100000000;
  }
  return n;
}

const n1 = mash(0xefc8249d, " ");
const n2 = mash(n1, " ");
const n3 = mash(n2, " ");
const START = { s0: (n1 >>> 0) * TWO_TO_MINUS_32, s1: (n2 >>> 0) * TWO_TO_MINUS_32, s2: (n3 >>> 0) * TWO_TO_MINUS_32, n: n3 };

export class Alea {
  private s0: number;
  private s1: number;
  private s2: number;
  private c = 1;

  constructor(seed: string) {
    let n = mash(START.n, seed);
    let s0 = START.s0 - (n >>> 0) * TWO_TO_MINUS_32;
    if (s0 < 0) s0 += 1;
    n = mash(n, seed);
    let s1 = START.s1 - (n >>> 0) * TWO_TO_MINUS_32;
    if (s1 < 0) s1 += 1;
    n = mash(n, seed);
    let s2 = START.s2 - (n >>> 0) * TWO_TO_MINUS_32;
    if (s2 < 0) s2 += 1;
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
  }

  /** seedrandom's `prng()`: 32 bits of randomness in [0, 1). */
  next(): number {
    const t = 2091639 * this.s0 + this.c * TWO_TO_MINUS_32;
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    return (this.s2 = t - this.c);
  }

  /** seedrandom's `prng.double()`: 53 bits in [0, 1). */
  double(): number {
    const high = this.next();
    return high + ((this.next() * 0x200000) | 0) * 1.1102230246251565e-16;
  }
}
