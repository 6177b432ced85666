// The shape of one catalogue entry; a leaf, so the category files and the constructor can share it.

export type Owner = "agent" | "human" | "compiler";

/** One catalogue entry. `summary`, `reason` and `next` may hold `{name}` slots filled from the args. */
export interface RuleEntry {
  summary: string;
  reason: string;
  next: string;
  owner: Owner;
}
