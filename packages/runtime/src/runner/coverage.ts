// `--coverage` (docs/seeds-and-coverage.md): every AI call site of the project's non-test code, and
// how often the run's tests reached each outcome of its call kind (`retried` too when the connection
// retries; with a prompt's tools, theirs too).
import { printType, type CheckedProgram, type Node, type PromptInfo, type Span } from "@jadpo/compiler";
import { LOOP_LIMIT, siteOutcomes, type AiCallKind, type SiteOutcome } from "../ai/outcomes.ts";
import { retryPolicyOf } from "../ai/retry-policy.ts";
import { siteKey, type CoverageCounts, type SiteKey } from "./observe.ts";

export interface CoverageSite {
  /** Root-relative path with `/`. */
  file: string;
  line: number;
  call: AiCallKind;
  /** null for `ai.embed`. */
  prompt: string | null;
  /** The `as:` type of an `ai.generate`, printed; null otherwise. */
  as: string | null;
  /** Every outcome of the call kind (and of the prompt's tools), in order, with how often the tests reached it. */
  outcomes: { outcome: SiteOutcome; count: number }[];
  /** Where the outcomes of the prompt's tool loop begin in `outcomes` (a reporter may start a line there); null without tools. */
  loopFrom: number | null;
}

interface SiteInfo {
  key: SiteKey;
  span: Span;
  call: AiCallKind;
  prompt: string | null;
  as: string | null;
  outcomes: readonly SiteOutcome[];
}

/** An `ai.generate` site's outcomes: its prompt's tools add theirs. */
function generateOutcomes(program: CheckedProgram, prompt: PromptInfo, retries: number): readonly SiteOutcome[] {
  return siteOutcomes("generate", retries, prompt.tools.map((tool) => ({ name: tool.name, canFail: (program.actionFailures.get(tool.decl)?.length ?? 0) > 0 })));
}

/** The AI call sites of non-test files, in path order then source order. */
export function aiCallSites(program: CheckedProgram): SiteInfo[] {
  const sites: SiteInfo[] = [];
  const seen = new Set<object>();
  // Every call site retries as its connection says: `retried` is an outcome where it can happen.
  const retries = retryPolicyOf(program.connection).max;
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const node = value as { kind?: unknown; span?: Span };
    if (node.kind === "call" && node.span) {
      const res = program.resolutions.get(value as Node);
      const site = { key: siteKey(node.span), span: node.span };
      if (res?.kind === "ai_generate") sites.push({ ...site, call: "generate", prompt: res.prompt.name, as: printType(res.asType), outcomes: generateOutcomes(program, res.prompt, retries) });
      else if (res?.kind === "ai_stream") sites.push({ ...site, call: "stream", prompt: res.prompt.name, as: null, outcomes: siteOutcomes("stream", retries) });
      else if (res?.kind === "ai_embed") sites.push({ ...site, call: "embed", prompt: null, as: null, outcomes: siteOutcomes("embed", retries) });
    }
    for (const [key, child] of Object.entries(value)) if (key !== "span") visit(child);
  };
  for (const file of program.graph.files) {
    if (file.kind === "test") continue;
    visit(file.syntax.decls);
  }
  return sites.sort((a, b) => (a.span.file < b.span.file ? -1 : a.span.file > b.span.file ? 1 : a.span.start - b.span.start));
}

export function coverageReport(program: CheckedProgram, counts: CoverageCounts): CoverageSite[] {
  return aiCallSites(program).map((site) => {
    const loop = site.outcomes.indexOf(LOOP_LIMIT);
    return {
      file: site.span.file,
      line: site.span.line,
      call: site.call,
      prompt: site.prompt,
      as: site.as,
      outcomes: site.outcomes.map((outcome) => ({ outcome, count: counts[site.key]?.[outcome] ?? 0 })),
      loopFrom: loop >= 0 ? loop : null,
    };
  });
}

/** Outcomes reached and outcomes there are, over every site. */
export function coverageTotals(sites: CoverageSite[]): { reached: number; total: number } {
  let reached = 0;
  let total = 0;
  for (const site of sites) {
    for (const { count } of site.outcomes) {
      total++;
      if (count > 0) reached++;
    }
  }
  return { reached, total };
}
