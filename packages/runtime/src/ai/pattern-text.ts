// Text matching a `pattern` within length bounds (docs/testing.md: generated values are valid by
// construction, `pattern` included). randexp parses the pattern and expands character sets;
// the walk over its tokens is ours, so repetitions are chosen to fit the length bounds and
// every choice comes from the test's seeded stream.
import RandExpModule from "randexp";
import type { Rng } from "../seed.ts";
import { codePointLength } from "@jadpo/compiler";

// randexp is CommonJS (`module.exports = RandExp`) but typed as an ES default export; take whichever is the class.
const RandExp = ((RandExpModule as unknown as { default?: unknown }).default ?? RandExpModule) as typeof RandExpModule.default;

// ret's token types, as randexp parses them (ret 0.5).
const ROOT = 0, GROUP = 1, POSITION = 2, SET = 3, RANGE = 4, REPETITION = 5, REFERENCE = 6, CHAR = 7;

interface Token {
  type: number;
  stack?: Token[];
  options?: Token[][];
  remember?: boolean;
  followedBy?: boolean;
  notFollowedBy?: boolean;
  lookBehind?: boolean;
  min?: number;
  max?: number;
  value?: Token | number | string;
  set?: Token[];
  not?: boolean;
}

interface CharRange {
  length: number;
  index(i: number): number;
}

interface ExpandingRandExp {
  _expand(token: Token): CharRange;
  defaultRange: unknown;
}

interface Compiled {
  tokens: Token;
  randexp: ExpandingRandExp;
  /** Expands sets outside printable ASCII (e.g. `[à-ü]`), which randexp's default range drops. */
  wide: ExpandingRandExp;
  full: RegExp;
}

/** How many extra repetitions an unbounded `*` or `+` gets when the length bounds don't ask for more. */
const READABLE_EXTRA = 5;
const ATTEMPTS = 12;

const compiled = new Map<string, Compiled | null>();

function compile(pattern: string): Compiled | null {
  if (compiled.has(pattern)) return compiled.get(pattern) ?? null;
  let entry: Compiled | null = null;
  try {
    const full = new RegExp(`^(?:${pattern})$`, "u");
    const source = forGeneration(pattern);
    const inst = new RandExp(source);
    const wide = new RandExp(source);
    const wideRange = (inst as unknown as { defaultRange: { clone(): { add(a: number, b: number): unknown; subtract(a: number, b: number): unknown } } }).defaultRange.clone();
    wideRange.add(0xa0, 0x10ffff);
    wideRange.subtract(0xd800, 0xdfff);
    (wide as unknown as { defaultRange: unknown }).defaultRange = wideRange;
    entry = {
      tokens: (inst as unknown as { tokens: Token }).tokens,
      randexp: inst as unknown as ExpandingRandExp,
      wide: wide as unknown as ExpandingRandExp,
      full,
    };
  } catch {
    entry = null; // an invalid pattern is a compile error (type.bad_constraint); never reached from a checked program
  }
  compiled.set(pattern, entry);
  return entry;
}

// Unicode property classes randexp can't read, as ASCII sets that match them (for generating only;
// the real pattern, `u` flag, still checks every result).
const PROPERTY_SETS: Record<string, string> = {
  L: "a-zA-Z", Letter: "a-zA-Z", Alphabetic: "a-zA-Z", Lu: "A-Z", Uppercase_Letter: "A-Z", Uppercase: "A-Z",
  Ll: "a-z", Lowercase_Letter: "a-z", Lowercase: "a-z", N: "0-9", Nd: "0-9", Number: "0-9",
  Decimal_Number: "0-9", P: "!,.?", Punctuation: "!,.?", Z: " ", Zs: " ", White_Space: " ",
};

/** Rewrites `\p{L}`-style classes and `\u{H}` escapes (u-flag syntax) into what randexp reads. */
function forGeneration(pattern: string): string {
  let out = "";
  let inSet = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\" && i + 1 < pattern.length) {
      const next = pattern[i + 1];
      const braced = /^\{([^}]*)\}/.exec(pattern.slice(i + 2));
      if ((next === "p" || next === "u") && braced !== null) {
        const body = braced[1];
        if (next === "u" && /^[0-9a-fA-F]{1,6}$/.test(body)) {
          const c = String.fromCodePoint(Math.min(parseInt(body, 16), 0x10ffff));
          out += /[\\^$.*+?()[\]{}|\/-]/.test(c) ? `\\${c}` : astral(c, inSet);
          i += 2 + braced[0].length - 1;
          continue;
        }
        const set = PROPERTY_SETS[body.replace(/^(General_Category|gc)=/, "")];
        if (next === "p" && set !== undefined) {
          out += inSet ? set : `[${set}]`;
          i += 2 + braced[0].length - 1;
          continue;
        }
      }
      out += ch + next;
      i++;
      continue;
    }
    const code = ch.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < pattern.length) {
      out += astral(pattern.slice(i, i + 2), inSet);
      i++;
      continue;
    }
    if (ch === "[" && !inSet) inSet = true;
    else if (ch === "]" && inSet) inSet = false;
    out += ch;
  }
  return out;
}

/** randexp reads UTF-16 units, so an astral character outside a set becomes one group `(?:😀)`, so `😀+` repeats it whole. */
function astral(c: string, inSet: boolean): string {
  return c.length > 1 && !inSet ? `(?:${c})` : c;
}

/** [min, max] length in code points a token can produce (max may be Infinity). Cached per token. */
const lengthCache = new WeakMap<Token, readonly [number, number]>();

function lengthRange(token: Token): readonly [number, number] {
  const cached = lengthCache.get(token);
  if (cached !== undefined) return cached;
  let range: readonly [number, number];
  switch (token.type) {
    case CHAR: {
      // The low half of a surrogate pair adds no code point.
      const code = token.value as number;
      range = code >= 0xdc00 && code <= 0xdfff ? [0, 0] : [1, 1];
      break;
    }
    case SET:
    case RANGE:
      range = [1, 1];
      break;
    case POSITION:
      range = [0, 0];
      break;
    case REFERENCE:
      range = [0, Infinity];
      break;
    case REPETITION: {
      const [vmin, vmax] = lengthRange(token.value as Token);
      const max = token.max ?? Infinity;
      range = [(token.min ?? 0) * vmin, vmax === 0 ? 0 : max * vmax];
      break;
    }
    case ROOT:
    case GROUP:
      if (token.followedBy || token.notFollowedBy || token.lookBehind) range = [0, 0];
      else if (token.options) {
        let lo = Infinity, hi = 0;
        for (const option of token.options) {
          const [a, b] = sequenceRange(option);
          lo = Math.min(lo, a);
          hi = Math.max(hi, b);
        }
        range = [lo === Infinity ? 0 : lo, hi];
      } else range = sequenceRange(token.stack ?? []);
      break;
    default:
      range = [0, 0];
  }
  lengthCache.set(token, range);
  return range;
}

function sequenceRange(tokens: readonly Token[]): readonly [number, number] {
  let lo = 0, hi = 0;
  for (const t of tokens) {
    const [a, b] = lengthRange(t);
    lo += a;
    hi += b;
  }
  return [lo, hi];
}

/** The characters a set or range token stands for, expanded once. */
const charCache = new WeakMap<Token, CharRange>();

class Walk {
  private readonly groups: string[] = [];
  private readonly groupIndex = new Map<Token, number>();

  /** `shortest`: every choice the shortest (first option of least length, fewest repetitions, first character). */
  constructor(private readonly c: Compiled, private readonly rng: Rng, private readonly shortest = false) {}

  /** A string for `token` whose length lands in [lo, hi] when the token allows it. */
  gen(token: Token, lo: number, hi: number): string {
    switch (token.type) {
      case CHAR:
        return String.fromCodePoint(token.value as number);
      case SET:
      case RANGE:
        return this.char(token);
      case POSITION:
        return "";
      case REFERENCE:
        return this.groups[(token.value as number) - 1] ?? "";
      case REPETITION:
        return this.repeat(token, lo, hi);
      case ROOT:
      case GROUP: {
        if (token.followedBy || token.notFollowedBy || token.lookBehind) return "";
        let index = -1;
        if (token.type === GROUP && token.remember) {
          index = this.groupIndex.get(token) ?? this.groups.push("") - 1;
          this.groupIndex.set(token, index);
        }
        const seq = token.options ? this.chooseOption(token.options, lo, hi) : (token.stack ?? []);
        const text = this.sequence(seq, lo, hi);
        if (index >= 0) this.groups[index] = text;
        return text;
      }
      default:
        return "";
    }
  }

  private char(token: Token): string {
    let range = charCache.get(token);
    if (range === undefined) {
      range = this.c.randexp._expand(token);
      if (range.length === 0) range = this.c.wide._expand(token);
      charCache.set(token, range);
    }
    if (range.length === 0) return "";
    return String.fromCodePoint(range.index(this.rng.int(0, range.length - 1)));
  }

  private chooseOption(options: Token[][], lo: number, hi: number): Token[] {
    const fitting = options.filter((o) => {
      const [a, b] = sequenceRange(o);
      return a <= hi && b >= lo;
    });
    const choices = fitting.length > 0 ? fitting : options;
    if (this.shortest) {
      // The first option of least length: ties keep the order the pattern gives them.
      return choices.reduce((best, o) => (sequenceRange(o)[0] < sequenceRange(best)[0] ? o : best));
    }
    return this.rng.pick(choices);
  }

  private sequence(tokens: readonly Token[], lo: number, hi: number): string {
    const ranges = tokens.map(lengthRange);
    // restMin[i], restMax[i]: what the tokens after i can add (summed, never subtracted: Infinity).
    const restMin = new Array<number>(tokens.length + 1).fill(0);
    const restMax = new Array<number>(tokens.length + 1).fill(0);
    for (let i = tokens.length - 1; i >= 0; i--) {
      restMin[i] = restMin[i + 1] + ranges[i][0];
      restMax[i] = restMax[i + 1] + ranges[i][1];
    }
    let text = "";
    let used = 0;
    for (let i = 0; i < tokens.length; i++) {
      const [a, b] = ranges[i];
      let tLo = Math.max(a, lo - used - restMax[i + 1]);
      let tHi = Math.min(b, hi - used - restMin[i + 1]);
      if (!(tLo <= tHi)) [tLo, tHi] = [a, b];
      const part = this.gen(tokens[i], tLo, tHi);
      text += part;
      used += codePointLength(part);
    }
    return text;
  }

  private repeat(token: Token, lo: number, hi: number): string {
    const value = token.value as Token;
    const [vmin, vmax] = lengthRange(value);
    const min = token.min ?? 0;
    const max = token.max ?? Infinity;
    // Counts whose lengths can reach [lo, hi].
    const nLo = Math.max(min, vmax === 0 || vmax === Infinity ? min : Math.ceil(lo / vmax));
    let nHi = Math.min(max, vmin === 0 ? Infinity : Math.floor(hi / vmin));
    if (nLo > nHi) nHi = nLo;
    const readable = max === Infinity ? min + READABLE_EXTRA : max;
    nHi = Math.min(nHi, Math.max(nLo, readable));
    const count = this.rng.int(nLo, nHi);
    const copies: Token[] = new Array(count).fill(value);
    return this.sequence(copies, lo, hi);
  }
}

/**
 * Text matching `pattern` (whole text, `u` flag) with a length in [minLength, maxLength].
 * Tries a few times; if nothing fits (a pattern randexp can't read, such as `\p{L}`), it returns
 * its last try, deterministically for the seed.
 */
export function patternText(pattern: string, minLength: number, maxLength: number, rng: Rng): string {
  const c = compile(pattern);
  if (c === null) return "";
  let last = "";
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    last = new Walk(c, rng).gen(c.tokens, minLength, maxLength);
    const length = codePointLength(last);
    if (length >= minLength && length <= maxLength && c.full.test(last)) return last;
  }
  return last;
}

/** Always the lowest choice: the walk then makes the shortest text it can. */
const LOWEST: Rng = { next: () => 0, int: (min) => Math.ceil(min), pick: (xs) => xs[0] };

/**
 * The shortest text matching `pattern` within the length bounds, from the first characters of
 * each set (a shrinking step's "shortest valid text"); null when the walk can't make one that fits.
 */
export function shortestPatternText(pattern: string, minLength: number, maxLength: number): string | null {
  const c = compile(pattern);
  if (c === null) return null;
  const text = new Walk(c, LOWEST, true).gen(c.tokens, minLength, maxLength);
  const length = codePointLength(text);
  return length >= minLength && length <= maxLength && c.full.test(text) ? text : null;
}
