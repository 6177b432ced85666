// The runtime representation of a Jadpo value (agreed for the whole runtime): JSON-like.
// Bool → boolean; Int/Decimal → number; Text and Text-based types → string; an enum member →
// its member name ("en_gb"); Instant → epoch ms; Duration → ms; none → null (some(x) is just x);
// List → array; a record → a plain object {field: value}. The Type tells how to read it.

export type Value = null | boolean | number | string | Value[] | ValueRecord;

export interface ValueRecord {
  [field: string]: Value;
}

/** A value as plain JSON (what answers and recordings hold): Instants and Durations as text, enum members by tag. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
