// A checked program as text, and back (docs/production.md): how `jadpo build` puts the program into
// `app.mjs`. The program is a graph — types name their declarations, the checker's side tables are
// keyed by syntax nodes — so JSON alone can't hold it: every object is written once, in a table,
// and referred to by its index, which keeps shared objects shared and cycles closed.
//
// A table entry is `[tag, ...]`: "o" an object (keys and value indices), "a" an array, "m" a Map
// and "s" a Set (indices), "f" a source file (path and text), "v" a JSON value (a string, a finite
// number, a boolean or null), "x" a value JSON has no word for (undefined, NaN, ±Infinity, -0).
// An object made by a class the program uses for speed (a syntax node whose span is computed) is
// written as the plain object it reads as: its own fields and its getters' values.
import { SourceFile } from "@jadpo/compiler";

type Entry = [string, ...unknown[]];

const FORMAT = 1;

const SPECIAL = { undefined, NaN, Infinity, "-Infinity": -Infinity, "-0": -0 } as const;
type Special = keyof typeof SPECIAL;

function specialName(v: unknown): Special | null {
  if (v === undefined) return "undefined";
  if (typeof v !== "number") return null;
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "Infinity";
  if (v === -Infinity) return "-Infinity";
  if (Object.is(v, -0)) return "-0";
  return null;
}

/** Own fields, then the values of getters its class defines (a computed span). */
function fieldsOf(o: object): Array<[string, unknown]> {
  const fields: Array<[string, unknown]> = Object.keys(o).map((key) => [key, (o as Record<string, unknown>)[key]]);
  for (let proto = Object.getPrototypeOf(o) as object | null; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (key === "constructor") continue;
      if (descriptor.get !== undefined) fields.push([key, descriptor.get.call(o)]);
      else if (typeof descriptor.value === "function") throw new Error(`the program holds a ${proto.constructor.name} with methods, which can't be written`);
    }
  }
  return fields;
}

/**
 * `root` as text. `replace` maps objects to what is written in their place (a build's pruned
 * copies); every reference to a replaced object becomes a reference to its replacement.
 */
export function encodeProgram(root: unknown, replace: ReadonlyMap<object, object> = new Map()): string {
  const table: Entry[] = [];
  const objects = new Map<object, number>();
  const values = new Map<unknown, number>();
  // Entries wait for their children: each is filled after it has an index, so a cycle closes.
  const pending: Array<() => void> = [];
  const ref = (v: unknown): number => {
    if (v !== null && typeof v === "object") {
      const o = replace.get(v) ?? v;
      const known = objects.get(o);
      if (known !== undefined) return known;
      const index = table.length;
      objects.set(o, index);
      if (o instanceof SourceFile) {
        table.push(["f", o.path, o.text]);
        return index;
      }
      const entry: Entry = [o instanceof Map ? "m" : o instanceof Set ? "s" : Array.isArray(o) ? "a" : "o"];
      table.push(entry);
      pending.push(() => {
        if (o instanceof Map) for (const [k, x] of o) entry.push(ref(k), ref(x));
        else if (o instanceof Set) for (const x of o) entry.push(ref(x));
        else if (Array.isArray(o)) for (let i = 0; i < o.length; i++) entry.push(ref(o[i]));
        else for (const [key, x] of fieldsOf(o)) entry.push(key, ref(x));
      });
      return index;
    }
    if (typeof v === "function" || typeof v === "symbol" || typeof v === "bigint") throw new Error(`the program holds a ${typeof v}, which can't be written`);
    // (-0 is a key of its own: a Map takes it for 0.)
    const special = specialName(v);
    const key = special === null ? v : Symbol.for(`jadpo.${special}`);
    const known = values.get(key);
    if (known !== undefined) return known;
    const index = table.length;
    values.set(key, index);
    table.push(special === null ? ["v", v] : ["x", special]);
    return index;
  };
  const rootIndex = ref(root);
  while (pending.length > 0) pending.pop()!();
  return JSON.stringify({ format: FORMAT, root: rootIndex, table });
}

function isEntryList(v: unknown): v is Entry[] {
  return Array.isArray(v) && v.every((e) => Array.isArray(e) && typeof e[0] === "string");
}

/** The graph `encodeProgram` wrote. Throws on text it didn't write. */
export function decodeProgram(text: string): unknown {
  const parsed = JSON.parse(text) as { format?: unknown; root?: unknown; table?: unknown };
  if (parsed.format !== FORMAT || typeof parsed.root !== "number" || !isEntryList(parsed.table)) {
    throw new Error("this is not a program jadpo build wrote, or another version of jadpo wrote it");
  }
  const table = parsed.table;
  // Every object first, empty; then each filled, so any reference finds its object.
  const made: unknown[] = table.map((entry) => {
    switch (entry[0]) {
      case "o":
        return {};
      case "a":
        return [];
      case "m":
        return new Map();
      case "s":
        return new Set();
      case "f":
        return new SourceFile(entry[1] as string, entry[2] as string);
      case "v":
        return entry[1];
      case "x":
        return SPECIAL[entry[1] as Special];
      default:
        throw new Error(`unknown entry \`${entry[0]}\` in the program`);
    }
  });
  table.forEach((entry, index) => {
    const target = made[index];
    const at = (i: unknown) => made[i as number];
    switch (entry[0]) {
      case "o":
        // Defined, not assigned: a field named `__proto__` stays a field.
        for (let i = 1; i < entry.length; i += 2) {
          Object.defineProperty(target, entry[i] as string, { value: at(entry[i + 1]), enumerable: true, writable: true, configurable: true });
        }
        break;
      case "a":
        for (let i = 1; i < entry.length; i++) (target as unknown[]).push(at(entry[i]));
        break;
      case "m":
        for (let i = 1; i < entry.length; i += 2) (target as Map<unknown, unknown>).set(at(entry[i]), at(entry[i + 1]));
        break;
      case "s":
        for (let i = 1; i < entry.length; i++) (target as Set<unknown>).add(at(entry[i]));
        break;
      default:
        break;
    }
  });
  return made[parsed.root];
}
