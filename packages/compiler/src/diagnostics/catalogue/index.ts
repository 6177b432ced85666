// The one catalogue of every rule: each category file holds its rules; this file joins them.
// A test fails on a duplicate id, a rule without a test, or a rule never used.
import type { RuleEntry } from "./rule-entry.ts";
import { syntaxRules } from "./syntax.ts";
import { moduleRules } from "./modules.ts";
import { typeRules } from "./types.ts";
import { aiRules } from "./ai.ts";
import { testCompileRules } from "./test-compile.ts";
import { testRunRules } from "./test-run.ts";
import { toolchainRules } from "./toolchain.ts";

export const catalogue = {
  ...syntaxRules,
  ...moduleRules,
  ...typeRules,
  ...aiRules,
  ...testCompileRules,
  ...testRunRules,
  ...toolchainRules,
} satisfies Record<string, RuleEntry>;

export type RuleId = keyof typeof catalogue;

export const ruleIds = Object.keys(catalogue) as RuleId[];
