// The runtime's value representation lives in values/value.ts (JSON-like data); the executor
// adds only its frame of local variables.
import type { Value } from "../values/value.ts";

export type { Value, ValueRecord } from "../values/value.ts";

/** Local variables of one running body: a slot per parameter, `var`, `for` item and match binding. */
export type Slots = Value[];
