// A diagnostic is plain data, made where a problem is found; only the render-* files make text.
import type { Span } from "../syntax/ast.ts";
import { catalogue, type RuleId } from "./catalogue/index.ts";

export type Owner = "agent" | "human" | "compiler";

/** One catalogue entry. `summary` and `next` may hold `{name}` slots filled from the args. */
export interface RuleEntry {
  summary: string;
  reason: string;
  next: string;
  owner: Owner;
}

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

export type DiagnosticArgs = Record<string, string | number>;

function fill(template: string, args: DiagnosticArgs): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}

/** The one way to make a diagnostic: the rule's catalogue entry, filled with `args`. */
export function diagnostic(rule: RuleId, span: Span | null, args: DiagnosticArgs = {}, details: Detail[] = []): Diagnostic {
  const entry = catalogue[rule];
  return {
    rule,
    summary: fill(entry.summary, args),
    span,
    details,
    reason: fill(entry.reason, args),
    next: fill(entry.next, args),
    owner: entry.owner,
  };
}
