// The shortest and longest text (in code points) a `pattern` can match, computed from the regular
// expression's shape, so `type.bad_constraint` can tell a pattern that never meets the length bounds.
// Returns null for what it can't bound exactly (backreferences); the check then stays silent.

export interface LengthBounds {
  min: number;
  max: number; // Infinity when unbounded
}

/** The bounds of a pattern no text matches (an empty class, `a^b`): min above max. */
const NO_TEXT: LengthBounds = { min: Infinity, max: -Infinity };

export function matchesNothing(bounds: LengthBounds): boolean {
  return bounds.min > bounds.max;
}

const emptyClasses = new Map<string, boolean>();

/** Whether a class (`[^\s\S]`) matches no code point: a few thousand tried, then all, only when those fail. */
function classIsEmpty(cls: string): boolean {
  const known = emptyClasses.get(cls);
  if (known !== undefined) return known;
  let empty = true;
  try {
    const re = new RegExp(`^${cls}$`, "u");
    for (let c = 0; c <= 0x10ffff && empty; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (re.test(String.fromCodePoint(c))) empty = false;
    }
  } catch {
    empty = false;
  }
  emptyClasses.set(cls, empty);
  return empty;
}

/** Deeper groups than this are not measured (the check stays silent; RE2 refuses far deeper ones). */
const MAX_GROUP_DEPTH = 200;

class Bail extends Error {}

export function patternLengthBounds(pattern: string): LengthBounds | null {
  const chars = [...pattern];
  let pos = 0;
  let depth = 0;

  const peek = (): string | undefined => chars[pos];

  function alternation(): LengthBounds {
    let result = sequence();
    while (peek() === "|") {
      pos++;
      const next = sequence();
      result = { min: Math.min(result.min, next.min), max: Math.max(result.max, next.max) };
    }
    return result;
  }

  function sequence(): LengthBounds {
    const total = { min: 0, max: 0 };
    let dead = false;
    let ended = false;
    while (pos < chars.length && peek() !== "|" && peek() !== ")") {
      const at = peek();
      const one = term();
      const [lo, hi] = quantifier();
      if (matchesNothing(one)) {
        // Repeated zero times it still matches the empty text.
        if (lo > 0) dead = true;
        continue;
      }
      // Without the multiline flag, `^` after text that always has a character never holds; nor does text after `$`.
      if (at === "^" && lo > 0 && total.min > 0) dead = true;
      if (ended && one.min * lo > 0) dead = true;
      if (at === "$" && lo > 0) ended = true;
      total.min += one.min * lo;
      total.max += one.max === 0 ? 0 : one.max * hi;
    }
    return dead ? NO_TEXT : total;
  }

  function quantifier(): [number, number] {
    const c = peek();
    let q: [number, number] = [1, 1];
    if (c === "*") q = [0, Infinity];
    else if (c === "+") q = [1, Infinity];
    else if (c === "?") q = [0, 1];
    else if (c === "{") {
      const rest = chars.slice(pos).join("");
      const m = /^\{(\d+)(,(\d*))?\}/.exec(rest);
      if (!m) return q;
      pos += [...m[0]].length;
      const lo = Number(m[1]);
      const hi = m[2] === undefined ? lo : m[3] === "" ? Infinity : Number(m[3]);
      if (peek() === "?") pos++;
      return [lo, hi];
    } else return q;
    pos++;
    if (peek() === "?") pos++; // lazy
    return q;
  }

  function term(): LengthBounds {
    const c = chars[pos++];
    if (c === "^" || c === "$") return { min: 0, max: 0 };
    if (c === "(") {
      if (++depth > MAX_GROUP_DEPTH) throw new Bail();
      let zeroWidth = false;
      if (peek() === "?") {
        const rest = chars.slice(pos, pos + 3).join("");
        if (rest.startsWith("?:")) pos += 2;
        else if (rest.startsWith("?=") || rest.startsWith("?!")) (pos += 2), (zeroWidth = true);
        else if (rest.startsWith("?<=") || rest.startsWith("?<!")) (pos += 3), (zeroWidth = true);
        else if (rest.startsWith("?<")) {
          while (pos < chars.length && chars[pos] !== ">") pos++;
          pos++;
        } else throw new Bail();
      }
      const inner = alternation();
      depth--;
      if (chars[pos++] !== ")") throw new Bail();
      return zeroWidth ? { min: 0, max: 0 } : inner;
    }
    if (c === "[") {
      const start = pos - 1;
      if (peek() === "^") pos++;
      while (pos < chars.length && chars[pos] !== "]") {
        if (chars[pos] === "\\") pos++;
        pos++;
      }
      pos++;
      return classIsEmpty(chars.slice(start, pos).join("")) ? NO_TEXT : { min: 1, max: 1 };
    }
    if (c === "\\") {
      const e = chars[pos++];
      if (e === undefined) throw new Bail();
      if (e === "b" || e === "B") return { min: 0, max: 0 };
      if (/[1-9]/.test(e) || e === "k") throw new Bail();
      if ((e === "p" || e === "P" || e === "u") && peek() === "{") {
        while (pos < chars.length && chars[pos] !== "}") pos++;
        pos++;
      } else if (e === "u") pos += 4;
      else if (e === "x") pos += 2;
      else if (e === "c") pos += 1;
      return { min: 1, max: 1 };
    }
    return { min: 1, max: 1 };
  }

  try {
    const bounds = alternation();
    if (pos < chars.length) return null;
    return bounds;
  } catch (e) {
    if (e instanceof Bail) return null;
    throw e;
  }
}
