// Instants and Durations as text: how answers, recordings, prompts and `got:` lines write them.

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2}))?$/;

/** ISO 8601 in UTC, without a `.000` when the milliseconds are zero: `2026-01-01T00:00:00Z`. */
export function formatInstant(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return String(epochMs);
  return date.toISOString().replace(/\.000Z$/, "Z");
}

/**
 * ISO 8601 text → epoch ms, or null. A date-time needs a zone (`Z` or `+01:00`); a bare date
 * (`2026-03-01`) is midnight UTC. Impossible dates (`2026-02-30`) are rejected.
 */
export function parseInstant(text: string): number | null {
  const m = ISO_INSTANT.exec(text);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear, because Date.UTC reads years 0–99 as 1900–1999.
  const check = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  check.setUTCFullYear(year);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const base = check.getTime();
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  let offset = 0;
  if (zone !== undefined && zone !== "Z" && zone !== "z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2)), om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return null;
    offset = sign * (oh * 60 + om) * 60_000;
  }
  return base + ms - offset;
}

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ["h", 3_600_000],
  ["m", 60_000],
  ["s", 1_000],
  ["ms", 1],
];

/** The largest unit that divides it exactly, as a Jadpo duration literal: `15m`, `90s`, `500ms`. */
export function formatDuration(ms: number): string {
  if (!Number.isInteger(ms)) return `${ms}ms`;
  if (ms === 0) return "0s";
  const sign = ms < 0 ? "-" : "";
  const abs = Math.abs(ms);
  for (const [unit, size] of UNITS) {
    if (abs % size === 0) return `${sign}${abs / size}${unit}`;
  }
  return `${sign}${abs}ms`;
}

const DURATION_PART = /(\d+)(ms|h|m|s)/y;

/** `15m`, `500ms`, `2h`, also compound `1h30m`; an optional leading `-`. → ms, or null. */
export function parseDuration(text: string): number | null {
  let i = 0;
  let sign = 1;
  if (text.startsWith("-")) {
    sign = -1;
    i = 1;
  }
  if (i >= text.length) return null;
  let total = 0;
  while (i < text.length) {
    DURATION_PART.lastIndex = i;
    const m = DURATION_PART.exec(text);
    if (m === null) return null;
    const size = UNITS.find(([unit]) => unit === m[2])?.[1] ?? 1;
    total += Number(m[1]) * size;
    i = DURATION_PART.lastIndex;
  }
  if (!Number.isSafeInteger(total)) return null;
  return total === 0 ? 0 : sign * total;
}
