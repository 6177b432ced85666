// The shape of one catalogue entry; a leaf, so the category files and the constructor can share it.

export type Owner = "agent" | "human" | "compiler";

/** How a rule words one problem. Both may hold `{name}` slots filled from the args. */
export interface Wording {
  summary: string;
  next: string;
}

/** A rule with one wording. `reason` may hold slots too. */
export interface PlainRule extends Wording {
  reason: string;
  owner: Owner;
}

/**
 * A rule that covers several mistakes of one kind under one id (the language's documentation
 * names the id): one reason, and a wording per variant, chosen with the `variant` arg.
 */
export interface VariantRule {
  reason: string;
  owner: Owner;
  variants: Record<string, Wording>;
}

export type RuleEntry = PlainRule | VariantRule;

function hasVariants(entry: RuleEntry): entry is VariantRule {
  return "variants" in entry;
}

/** The wordings of a rule: its one, or each variant's with its name. */
export function wordings(entry: RuleEntry): { variant: string | null; wording: Wording }[] {
  if (hasVariants(entry)) return Object.entries(entry.variants).map(([variant, wording]) => ({ variant, wording }));
  return [{ variant: null, wording: entry }];
}

/** The wording a diagnostic takes: the rule's own, or the named variant's. */
export function wordingOf(entry: RuleEntry, variant: unknown): Wording {
  if (!hasVariants(entry)) return entry;
  const wording = entry.variants[String(variant)];
  if (wording === undefined) throw new Error(`no variant ${String(variant)}`); // unreachable: the args are typed
  return wording;
}
