// A diagnostic is plain data, made where a problem is found; only the render-* files make text.
import type { Span } from "../source/span.ts";
import { catalogue, type RuleId } from "./catalogue/index.ts";
import type { Owner, RuleEntry } from "./catalogue/rule-entry.ts";

export type { Owner, RuleEntry };

export type DetailLabel = "decode" | "assert" | "expected" | "got" | "fakes" | "cycle" | "found" | "note";

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
  /** For test failures: `jadpo test <file>:<line> --seed <n>`. */
  rerun?: string;
}

/** Any rule's slot values, by slot name (what `fill` reads). */
export type DiagnosticArgs = Record<string, string | number>;

/** The `{slot}` names in one template: `"No type named `{name}`"` → `"name"`. Braces holding spaces are text. */
type SlotsIn<S extends string> = S extends `${string}{${infer K}}${infer Rest}` ? SlotOf<K> | SlotsIn<Rest> : never;
/** `{{placeholder}}` holds the slot `placeholder`; `{ ... }` and `{H..HH}` hold none (as `fill` reads only word characters). */
type SlotOf<K extends string> = K extends `${string}{${infer Inner}` ? SlotOf<Inner> : K extends "" | `${string} ${string}` | `${string}.${string}` ? never : K;

type Entry<R extends RuleId> = (typeof catalogue)[R];

/** Every slot a rule's summary, reason and next hold. */
export type SlotName<R extends RuleId> = SlotsIn<Entry<R>["summary"]> | SlotsIn<Entry<R>["reason"]> | SlotsIn<Entry<R>["next"]>;

/** Exactly the slots of rule R: a missing or an extra one is a type error at the call site. */
export type ArgsOf<R extends RuleId> = { [K in SlotName<R>]: string | number };

/** A rule without slots may omit its args. */
type ArgsAndDetails<R extends RuleId> = [SlotName<R>] extends [never]
  ? [args?: ArgsOf<R>, details?: Detail[]]
  : [args: ArgsOf<R>, details?: Detail[]];

function fill(template: string, args: DiagnosticArgs): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}

/** The one way to make a diagnostic: the rule's catalogue entry, filled with `args`. */
export function diagnostic<R extends RuleId>(rule: R, span: Span | null, ...[args = {} as ArgsOf<R>, details = []]: ArgsAndDetails<R>): Diagnostic {
  const entry: RuleEntry = catalogue[rule];
  return {
    rule,
    summary: fill(entry.summary, args as DiagnosticArgs),
    span,
    details,
    reason: fill(entry.reason, args as DiagnosticArgs),
    next: fill(entry.next, args as DiagnosticArgs),
    owner: entry.owner,
  };
}
