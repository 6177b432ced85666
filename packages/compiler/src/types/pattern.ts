// User `pattern`s are matched by RE2 (re2js): linear time in the text, whatever the pattern, so no
// value, literal or request can make the checker, a test or `jadpo dev` backtrack for hours.
// A pattern is written as a JavaScript regular expression (it goes into the JSON schema a model
// sees, and the fake expands it), so it must be valid there too; what RE2 can't match in linear
// time — lookaround and back-references — is refused with its own reason (docs/language.md).
import { RE2JS } from "re2js";

export interface PatternMatcher {
  /** Whether the whole text matches. */
  test(text: string): boolean;
}

export type PatternCompiled =
  | { ok: true; matcher: PatternMatcher }
  | { ok: false; problem: "syntax" }
  | { ok: false; problem: "unsupported"; feature: string };

/** `\uXXXX` and `\u{X}` as RE2 spells them (`\x{X}`); a surrogate pair as one code point. */
function toRe2(pattern: string): string {
  return pattern.replace(/\\\\|\\u\{([0-9A-Fa-f]+)\}|\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|\\u([0-9A-Fa-f]{4})/gi, (whole, braced?: string, high?: string, low?: string, four?: string) => {
    if (whole === "\\\\") return whole;
    if (braced !== undefined) return `\\x{${braced}}`;
    if (high !== undefined && low !== undefined) {
      const code = (Number.parseInt(high, 16) - 0xd800) * 0x400 + (Number.parseInt(low, 16) - 0xdc00) + 0x10000;
      return `\\x{${code.toString(16)}}`;
    }
    return `\\x{${four}}`;
  });
}

/** What a valid JavaScript pattern uses that RE2 can't match in linear time, or null. */
function unsupportedFeature(pattern: string): string | null {
  // Outside classes only: `[(?=]` is three characters.
  const outside = pattern.replace(/\\[\s\S]|\[(?:\\[\s\S]|[^\]\\])*\]/g, (m) => (m.startsWith("\\") ? m : "_"));
  if (/\(\?<?[=!]/.test(outside)) return "lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)";
  if (/\\[1-9]|\\k</.test(outside)) return "a back-reference (`\\1`, `\\k<name>`)";
  return null;
}

const cache = new Map<string, PatternCompiled>();

export function compilePattern(pattern: string): PatternCompiled {
  let compiled = cache.get(pattern);
  if (compiled !== undefined) return compiled;
  compiled = compileUncached(pattern);
  cache.set(pattern, compiled);
  return compiled;
}

function compileUncached(pattern: string): PatternCompiled {
  try {
    // Only to validate the syntax as JavaScript reads it; it never runs.
    new RegExp(`^(?:${pattern})$`, "u");
  } catch {
    return { ok: false, problem: "syntax" };
  }
  const feature = unsupportedFeature(pattern);
  if (feature !== null) return { ok: false, problem: "unsupported", feature };
  try {
    const re = RE2JS.compile(toRe2(pattern));
    return { ok: true, matcher: { test: (text) => re.matches(text) } };
  } catch (e) {
    const message = e instanceof Error ? e.message.replace(/^error parsing regexp: /, "") : String(e);
    return { ok: false, problem: "unsupported", feature: `a form RE2 doesn't read (${message})` };
  }
}
