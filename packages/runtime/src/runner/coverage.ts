// `--coverage` (docs/seeds-and-coverage.md): every AI call site of the project's non-test code, and
// how often the run's tests reached each outcome of its call kind.
import { printType, type CheckedProgram, type Node, type Span } from "@jadpo/compiler";
import { outcomesOf, type AiCallKind, type AiOutcome } from "../ai/outcomes.ts";
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
  /** Every outcome of the call kind, in order, with how often the tests reached it. */
  outcomes: { outcome: AiOutcome; count: number }[];
}

interface SiteInfo {
  key: SiteKey;
  span: Span;
  call: AiCallKind;
  prompt: string | null;
  as: string | null;
}

/** The AI call sites of non-test files, in path order then source order. */
export function aiCallSites(program: CheckedProgram): SiteInfo[] {
  const sites: SiteInfo[] = [];
  const seen = new Set<object>();
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
      if (res?.kind === "ai_generate") sites.push({ key: siteKey(node.span), span: node.span, call: "generate", prompt: res.prompt.name, as: printType(res.asType) });
      else if (res?.kind === "ai_stream") sites.push({ key: siteKey(node.span), span: node.span, call: "stream", prompt: res.prompt.name, as: null });
      else if (res?.kind === "ai_embed") sites.push({ key: siteKey(node.span), span: node.span, call: "embed", prompt: null, as: null });
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
  return aiCallSites(program).map((site) => ({
    file: site.span.file,
    line: site.span.line,
    call: site.call,
    prompt: site.prompt,
    as: site.as,
    outcomes: outcomesOf(site.call).map((outcome) => ({ outcome, count: counts[site.key]?.[outcome] ?? 0 })),
  }));
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
