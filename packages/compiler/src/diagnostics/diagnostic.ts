// A diagnostic is plain data, made where a problem is found; only the render-* files make text.
import type { Span } from "../source/span.ts";
import { catalogue, type RuleId } from "./catalogue/index.ts";
import { wordingOf, type Owner, type RuleEntry } from "./catalogue/rule-entry.ts";
import { shortenQuoted } from "./shorten.ts";
import type { Fix } from "./fix.ts";

export type { Owner, RuleEntry };
export type { Edit, Fix } from "./fix.ts";

export type DetailLabel = "decode" | "assert" | "expected" | "got" | "diff" | "fakes" | "seeds" | "cycle" | "found" | "note";

export interface Detail {
  label: DetailLabel;
  text: string;
}

export interface Diagnostic {
  rule: RuleId;
  summary: string;
  /** null only for problems that belong to no file (usage errors, no project). */
  span: Span | null;
  details: Detail[];
  reason: string;
  next: string;
  owner: Owner;
  /** The mechanical edits that carry out `next` (a near name, a missing `use`); often none. */
  fixes: Fix[];
  /** For test failures: `jadpo test <file>:<line> --seed <n>`. */
  rerun?: string;
}

/** Any rule's slot values, by slot name (what `fill` reads). */
export type DiagnosticArgs = Record<string, string | number>;

/** The `{slot}` names in one template: `"No type named `{name}`"` → `"name"`. */
type SlotsIn<S extends string> = S extends `${string}{${infer K}}${infer Rest}` ? SlotOf<K> | SlotsIn<Rest> : never;
/** `{{placeholder}}` holds the slot `placeholder`; `{ ... }` and `{H..HH}` hold none (as `fill` reads only word characters). */
type SlotOf<K extends string> = K extends `${string}{${infer Inner}` ? SlotOf<Inner> : K extends "" | `${string} ${string}` | `${string}.${string}` ? never : K;

type Entry<R extends RuleId> = (typeof catalogue)[R];

/** The slots of one wording, with the rule's reason. */
type WordingArgs<W, Reason extends string> = W extends { summary: infer S extends string; next: infer N extends string }
  ? { [K in SlotsIn<S> | SlotsIn<N> | SlotsIn<Reason>]: string | number }
  : never;

/**
 * Exactly the slots of rule R (a missing or an extra one is a type error at the call site); for a
 * rule with variants, `variant` names one and the slots are that variant's.
 */
export type ArgsOf<R extends RuleId> = Entry<R> extends { variants: infer V; reason: infer Reason extends string }
  ? { [K in keyof V & string]: { variant: K } & WordingArgs<V[K], Reason> }[keyof V & string]
  : WordingArgs<Entry<R>, Entry<R>["reason"]>;

/** A rule without slots may omit its args. */
type ArgsAndDetails<R extends RuleId> = [keyof ArgsOf<R>] extends [never]
  ? [args?: ArgsOf<R>, details?: Detail[], fixes?: Fix[]]
  : [args: ArgsOf<R>, details?: Detail[], fixes?: Fix[]];

/** Longer slot values are cut before they are filled in: the text is bounded before it is shortened. */
const MAX_SLOT = 1_000;

function fill(template: string, args: DiagnosticArgs): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in args)) return whole;
    const value = String(args[key]);
    return value.length > MAX_SLOT ? `${value.slice(0, MAX_SLOT)}…` : value;
  });
}

/** The one way to make a diagnostic: the rule's catalogue entry, filled with `args`. */
export function diagnostic<R extends RuleId>(rule: R, span: Span | null, ...[args = {} as ArgsOf<R>, details = [], fixes = []]: ArgsAndDetails<R>): Diagnostic {
  const entry: RuleEntry = catalogue[rule];
  const values = args as DiagnosticArgs;
  const wording = wordingOf(entry, values.variant);
  return {
    rule,
    summary: shortenQuoted(fill(wording.summary, values)),
    span,
    details,
    reason: shortenQuoted(fill(entry.reason, values)),
    next: shortenQuoted(fill(wording.next, values)),
    owner: entry.owner,
    fixes,
  };
}
