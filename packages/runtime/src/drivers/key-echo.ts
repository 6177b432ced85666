// The one definition of "this text echoes the connection's key" (docs/ai.md): the key verbatim,
// as JSON text writes it (escaped once or twice), URL-encoded, or any run of PARTIAL_ECHO or more
// consecutive characters of one of those forms. Every place that keeps or shows a model's answer
// (the dev call log and its pages, action results, driver messages, recordings) asks this module.
//
// A run of PARTIAL_ECHO characters is covered by the key's PARTIAL_ECHO-character windows, so the
// whole scan is one rolling hash over the text: linear in its length, whatever the key.

/** The shortest run of a key's characters that counts as an echo of it. */
export const PARTIAL_ECHO = 8;

/** A key shorter than PARTIAL_ECHO counts only as a whole token: not inside a longer word. */
const TOKEN_CHAR = /[A-Za-z0-9_-]/;

const BASE = 0x01000193;

export interface KeyEcho {
  /** Whether `text` echoes the key. */
  contains(text: string): boolean;
  /** `text` with every echo of the key replaced by `***`. */
  redact(text: string): string;
}

const NO_KEY: KeyEcho = { contains: () => false, redact: (text) => text };

const escapeJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/** The forms an echo of `key` can take in text jadpo keeps. */
export function keyForms(key: string): string[] {
  const forms = [key, escapeJson(key), escapeJson(escapeJson(key))];
  try {
    forms.push(encodeURIComponent(key));
  } catch {
    // A lone surrogate can't be URL-encoded; nor can a URL carry it.
  }
  return [...new Set(forms)];
}

/** Hash of text[at, at + PARTIAL_ECHO). */
function windowHash(text: string, at: number): number {
  let h = 0;
  for (let i = 0; i < PARTIAL_ECHO; i++) h = (Math.imul(h, BASE) + text.charCodeAt(at + i)) | 0;
  return h;
}

/** BASE ** (PARTIAL_ECHO - 1), in 32-bit arithmetic: what the character leaving the window weighed. */
const LEAVING = (() => {
  let p = 1;
  for (let i = 1; i < PARTIAL_ECHO; i++) p = Math.imul(p, BASE);
  return p;
})();

/** The echo finder for `key`; null or "" finds nothing. Build it once per key: it indexes the key's windows. */
export function keyEcho(key: string | null): KeyEcho {
  if (key === null || key === "") return NO_KEY;
  const forms = keyForms(key);
  return key.length >= PARTIAL_ECHO ? windowEcho(forms) : tokenEcho(forms);
}

/** Ranges [start, end) of the text to hide, sorted and merged. */
type Ranges = number[];

/** Bits of a window's hash that index the prefilter: most windows of a text are ruled out by one load. */
const FILTER_BITS = 20;

function windowEcho(forms: string[]): KeyEcho {
  /** The key's windows by hash: each as [form, offset], to compare character by character. */
  const byHash = new Map<number, Array<[string, number]>>();
  const filter = new Uint32Array(1 << (FILTER_BITS - 5));
  for (const form of forms) {
    for (let at = 0; at + PARTIAL_ECHO <= form.length; at++) {
      const h = windowHash(form, at);
      const slot = h >>> (32 - FILTER_BITS);
      filter[slot >>> 5] |= 1 << (slot & 31);
      const list = byHash.get(h);
      if (list === undefined) byHash.set(h, [[form, at]]);
      else list.push([form, at]);
    }
  }
  /** The key window text[at, at + PARTIAL_ECHO) is, with hash h; null when it is none. */
  const matchAt = (text: string, at: number, h: number): [string, number] | null => {
    const slot = h >>> (32 - FILTER_BITS);
    if ((filter[slot >>> 5] & (1 << (slot & 31))) === 0) return null;
    const candidates = byHash.get(h);
    if (candidates === undefined) return null;
    for (const candidate of candidates) {
      const [form, offset] = candidate;
      let i = 0;
      while (i < PARTIAL_ECHO && form.charCodeAt(offset + i) === text.charCodeAt(at + i)) i++;
      if (i === PARTIAL_ECHO) return candidate;
    }
    return null;
  };
  /** Every window of `text` that is one of the key's, merged; stops at the first when `first`. */
  const find = (text: string, first: boolean): Ranges => {
    const ranges: Ranges = [];
    if (text.length < PARTIAL_ECHO) return ranges;
    let h = windowHash(text, 0);
    const last = text.length - PARTIAL_ECHO;
    // The key window the previous position matched: an echo goes on matching the next one, so
    // inside a long echo one character is compared per position.
    let form = "";
    let offset = -1;
    for (let at = 0; ; at++) {
      let matched = false;
      if (offset >= 0 && offset + PARTIAL_ECHO < form.length && form.charCodeAt(offset + PARTIAL_ECHO) === text.charCodeAt(at + PARTIAL_ECHO - 1)) {
        offset++;
        matched = true;
      } else {
        const found = matchAt(text, at, h);
        if (found !== null) [form, offset] = found;
        else offset = -1;
        matched = found !== null;
      }
      if (matched) {
        const end = at + PARTIAL_ECHO;
        if (ranges.length > 0 && ranges[ranges.length - 1] >= at) ranges[ranges.length - 1] = end;
        else ranges.push(at, end);
        if (first) return ranges;
      }
      if (at === last) return ranges;
      h = (Math.imul(h - Math.imul(text.charCodeAt(at), LEAVING), BASE) + text.charCodeAt(at + PARTIAL_ECHO)) | 0;
    }
  };
  return {
    contains: (text) => find(text, true).length > 0,
    redact: (text) => replaceRanges(text, find(text, false)),
  };
}

function tokenEcho(forms: string[]): KeyEcho {
  const find = (text: string, first: boolean): Ranges => {
    const ranges: Ranges = [];
    for (const form of forms) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        const before = at > 0 ? text[at - 1] : "";
        const after = text[at + form.length] ?? "";
        if (TOKEN_CHAR.test(before) || TOKEN_CHAR.test(after)) continue;
        ranges.push(at, at + form.length);
        if (first) return ranges;
      }
    }
    return mergeRanges(ranges);
  };
  return {
    contains: (text) => find(text, true).length > 0,
    redact: (text) => replaceRanges(text, find(text, false)),
  };
}

function mergeRanges(flat: Ranges): Ranges {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [start, end] of pairs) {
    if (out.length > 0 && out[out.length - 1] >= start) out[out.length - 1] = Math.max(out[out.length - 1], end);
    else out.push(start, end);
  }
  return out;
}

function replaceRanges(text: string, ranges: Ranges): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    parts.push(text.slice(from, ranges[i]), "***");
    from = ranges[i + 1];
  }
  parts.push(text.slice(from));
  return parts.join("");
}

/** A JSON value with every string (and every object key) redacted. */
export function redactJson<T>(value: T, echo: KeyEcho): T {
  if (echo === NO_KEY) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return echo.redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) out[echo.redact(k)] = walk(inner);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}
