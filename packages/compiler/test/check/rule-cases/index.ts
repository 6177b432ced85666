// One small project per rule the checker owns (and per variant of a rule), each giving exactly
// that one diagnostic; the whole plain text is compared (rules.test.ts). One file per area, as
// the catalogue is.
import type { RuleCase } from "./shared.ts";
import { typeCases } from "./types.ts";
import { entryCases } from "./entries.ts";
import { failureCases } from "./failures.ts";
import { testCases } from "./tests.ts";
import { fidelityCases } from "./fidelity.ts";
import { toolCases } from "./tools.ts";
import { whenCases } from "./when.ts";

export type { RuleCase };
export const ruleCases: RuleCase[] = [...typeCases, ...entryCases, ...failureCases, ...testCases, ...fidelityCases, ...toolCases, ...whenCases];
