// The in-process fuzz: mutated copies of the example project through parseFile and compileProject
// on an in-memory host, every diagnostic rendered plain, pretty and as JSON. A crash is any
// exception; a hang is an input over 2 s of CPU time; the diagnostics must carry a known rule, all three parts,
// a sane span and none of the parser generator's words. Each input's declarations are also read by
// both parsers (test/syntax/fast-agreement.ts): where the hand-written one answers, chevrotain must
// agree, and any difference counts. `pnpm fuzz [count] [seed]`; CI runs 2,000.
import {
  compileProject, diagnosticToJson, noPaint, parseFile, renderErrorPlain, renderErrorPretty, ruleIds, sourceLookup,
  type Diagnostic,
} from "../../packages/compiler/src/index.ts";
import { memoryHost } from "../../packages/compiler/src/testing/index.ts";
import { compareParsers } from "../../packages/compiler/test/syntax/fast-agreement.ts";
import { exampleCorpus, mutatedInput } from "./corpus.ts";
import { formatProblem } from "./format-check.ts";

export interface FuzzFinding {
  input: number;
  mutations: string[];
  problem: string;
}

export interface FuzzReport {
  inputs: number;
  diagnostics: number;
  crashes: FuzzFinding[];
  slow: FuzzFinding[];
  bad: FuzzFinding[];
  /** Declarations where the hand-written parser and chevrotain differ. */
  disagreements: FuzzFinding[];
  /** Inputs that parsed, so `jadpo fmt` formatted them (a problem with the layout is in `bad`). */
  formatted: number;
  /** Declarations read, and how many of them the hand-written parser answered. */
  declarations: number;
  handled: number;
  slowest: { input: number; ms: number; mutations: string[]; bytes: number };
}

const SLOW_MS = 2_000;
const GENERATOR_WORDS = /NoViableAlt|MismatchedToken|Expecting token of type|Expecting: one of these|EarlyExit|NotAllInputParsed|but found: '|chevrotain|OR\(\[|MANY\(|at_least_one|\bEOF\b/;
const ROOT = "/project";
const KNOWN = new Set<string>(ruleIds);

function problemsOf(d: Diagnostic, text: (file: string) => string | undefined): string | null {
  if (!KNOWN.has(d.rule)) return `unknown rule ${JSON.stringify(d.rule)}`;
  if (!d.summary || !d.reason || !d.next) return `${d.rule} without summary, reason or next`;
  if (d.span) {
    const source = text(d.span.file);
    if (d.span.line < 1 || d.span.column < 1 || d.span.start > d.span.end || (source !== undefined && d.span.end > source.length)) {
      return `${d.rule} with a bad span ${JSON.stringify(d.span)}`;
    }
  }
  return null;
}

export function fuzz(count: number, seed: number, onProgress?: (done: number, ms: number) => void, from = 0): FuzzReport {
  const corpus = exampleCorpus();
  const report: FuzzReport = { inputs: 0, diagnostics: 0, crashes: [], slow: [], bad: [], disagreements: [], formatted: 0, declarations: 0, handled: 0, slowest: { input: -1, ms: 0, mutations: [], bytes: 0 } };
  for (let input = from; input < from + count; input++) {
    const { path, content, files, mutations: names, random: r } = mutatedInput(corpus, seed, input, ROOT);
    // The heap is collected every few inputs (with --expose-gc, as `pnpm fuzz` runs it), so an
    // input doesn't pay for the garbage of many before it. CPU time, not wall time: the machine is
    // shared, and a neighbour's load is not our slowness.
    if (input % 10 === 0) (globalThis as { gc?: () => void }).gc?.();
    const started = process.cpuUsage();
    try {
      parseFile(path, path.endsWith(".jadpotest") ? "test" : "source", content);
      const result = compileProject(memoryHost(files), ROOT, { toRun: r() < 0.5 });
      const source = sourceLookup(result.graph);
      const textOf = (file: string) => source(file)?.text;
      for (const d of result.diagnostics) {
        report.diagnostics++;
        const rendered = [
          renderErrorPlain(d),
          renderErrorPretty(d, { displayPath: (f) => f, paint: noPaint, source }),
          JSON.stringify(diagnosticToJson(d, { displayPath: (f) => f, source })),
        ].join("\n");
        const problem = problemsOf(d, textOf) ?? (GENERATOR_WORDS.test(rendered) ? `${d.rule} shows the parser generator's words` : null);
        if (problem !== null) report.bad.push({ input, mutations: names, problem });
      }
    } catch (error) {
      report.crashes.push({ input, mutations: names, problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    if (ms > SLOW_MS) report.slow.push({ input, mutations: names, problem: `${Math.round(ms)} ms` });
    if (ms > report.slowest.ms) report.slowest = { input, ms, mutations: names, bytes: typeof content === "string" ? Buffer.byteLength(content) : content.length };
    // After the timing: the comparison reads the input twice more.
    try {
      const agreement = compareParsers(path, content);
      report.declarations += agreement.decls;
      report.handled += agreement.handled;
      for (const problem of agreement.disagreements) report.disagreements.push({ input, mutations: names, problem });
    } catch (error) {
      report.crashes.push({ input, mutations: names, problem: `comparing the parsers: ${error instanceof Error ? error.message : String(error)}` });
    }
    try {
      const layout = formatProblem(path, content);
      if (layout.formatted) report.formatted++;
      if (layout.problem !== null) report.bad.push({ input, mutations: names, problem: layout.problem });
    } catch (error) {
      report.crashes.push({ input, mutations: names, problem: `formatting: ${error instanceof Error ? error.message : String(error)}` });
    }
    report.inputs++;
    onProgress?.(report.inputs, ms);
  }
  return report;
}

/** The report as the lines `pnpm fuzz` prints. */
export function fuzzText(report: FuzzReport, seed: number, from = 0): string {
  const lines = [
    `fuzz: ${report.inputs} inputs ${from}..${from + report.inputs - 1} (seed ${seed}), ${report.diagnostics} diagnostics checked`,
    `crashes: ${report.crashes.length}`,
    ...report.crashes.slice(0, 20).map((f) => `  input ${f.input} [${f.mutations.join(", ")}]: ${f.problem}`),
    `over 2 s: ${report.slow.length}`,
    ...report.slow.slice(0, 20).map((f) => `  input ${f.input} [${f.mutations.join(", ")}]: ${f.problem}`),
    `bad diagnostics or layouts: ${report.bad.length} (${report.formatted} inputs parsed and were formatted)`,
    ...report.bad.slice(0, 20).map((f) => `  input ${f.input} [${f.mutations.join(", ")}]: ${f.problem}`),
    `parsers disagree: ${report.disagreements.length} (the hand-written parser answered ${report.handled} of ${report.declarations} declarations)`,
    ...report.disagreements.slice(0, 20).map((f) => `  input ${f.input} [${f.mutations.join(", ")}]: ${f.problem.slice(0, 400)}`),
    `slowest: input ${report.slowest.input} [${report.slowest.mutations.join(", ")}], ${report.slowest.bytes} bytes, ${Math.round(report.slowest.ms)} ms`,
  ];
  return `${lines.join("\n")}\n`;
}
