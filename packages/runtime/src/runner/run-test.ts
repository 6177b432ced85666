// Running one test (docs/testing.md): its own seed, a clock at 2026-01-01T00:00:00Z, the fake answering
// every AI call (its transport failures retried by the connection's policy on that clock), and
// exactly one diagnostic when it fails.
import type { Diagnostic, TestInfo } from "@jadpo/compiler";
import type { ReadProjectFile } from "@jadpo/compiler";
import { FakeBackend, type ParsedRecordings } from "../ai/fake.ts";
import { compiledTest, type CompiledProgram, type CompiledTest } from "../exec/compile-program.ts";
import { createContext, type RunContext } from "../exec/context.ts";
import { NO_AI, NO_SCRIPTS } from "../exec/compile-fakes.ts";
import { retryPolicyOf, testClock } from "../ai/retry-policy.ts";
import { retryingBackend } from "../ai/retrying-backend.ts";
import { ReturnSignal } from "../signals.ts";
import type { Value } from "../values/value.ts";
import type { TestResult } from "./events.ts";
import { testSeed } from "../seed.ts";
import { observingBackend, outcomeCounter, type Observer } from "./observe.ts";
import { failureDiagnostic, type SaveInternalError } from "./failure.ts";
import { nowMs } from "@jadpo/compiler";

export interface RunTestOptions {
  /** `--seed`, 1 by default. */
  runSeed: number;
  /** Reads a project file by its root-relative path (recordings for `recorded("name")`). */
  readFile?: ReadProjectFile;
  /** Recordings already parsed, shared by a run's tests (each test parses its own without). */
  recordings?: ParsedRecordings;
  /** Saves an internal error's report and returns its path (shown in `toolchain.internal_error`). */
  saveInternalError?: SaveInternalError;
  /** Watches the AI calls (coverage, generated answers) and may replay answers (shrinking). */
  observe?: Observer;
  /** Wall time the test may take (`--test-timeout`), and the limit as written. */
  timeout?: TestTimeout;
}

export interface TestTimeout {
  ms: number;
  /** `10s`, as `test.timed_out` shows it. */
  text: string;
}

interface Running {
  c: RunContext;
  fake: FakeBackend;
  seed: number;
  started: number;
}

/** The fake until the test's own is made (it is never asked: nothing runs before that). */
const NO_FAKE = new FakeBackend(NO_SCRIPTS, { seed: 0 });

function finish(test: TestInfo, r: Running, error: unknown | null, options: RunTestOptions): TestResult {
  let d: Diagnostic | null;
  try {
    d = error !== null && !(error instanceof ReturnSignal) ? failureDiagnostic(error, test, r.c, options.saveInternalError) : r.fake.firstUnused();
  } catch (inner) {
    d = failureDiagnostic(inner, test, r.c, options.saveInternalError);
  }
  return {
    name: test.name,
    kind: test.kind,
    file: test.file.path,
    line: test.decl.span.line,
    status: d ? "failed" : "passed",
    seed: r.seed,
    duration_ms: nowMs() - r.started,
    diagnostics: d ? [d] : [],
  };
}

/**
 * Runs one test: synchronous when its body never waits (always, with the fake and a
 * program compiled for it), else a promise, so a run of quick tests never waits on a microtask.
 * Never throws or rejects: every problem becomes the test's diagnostic.
 */
export function runTest(compiled: CompiledProgram, test: TestInfo, options: RunTestOptions): TestResult | Promise<TestResult> {
  const started = nowMs();
  const seed = testSeed(options.runSeed, test.file.path, test.name);
  let ct: CompiledTest | null = null;
  const c = createContext({
    seed, backend: NO_AI, promptCount: compiled.prompts.size, dimensions: compiled.dimensions,
    timeoutMs: options.timeout?.ms, timeLimit: options.timeout?.text,
  });
  const r: Running = { c, fake: NO_FAKE, seed, started };
  try {
    ct = compiledTest(compiled, test);
    if (!ct) throw new Error(`the test "${test.name}" is not part of the compiled program`);
    const fake = (r.fake = new FakeBackend(ct.scripts, { seed, readFile: options.readFile, recordings: options.recordings }));
    const scripts = ct.scripts;
    const retrying = retryingBackend(fake, retryPolicyOf(compiled.program.connection), testClock(c));
    c.ai.backend = options.observe ? observingBackend(retrying, (prompt) => scripts.byPrompt.has(prompt), options.observe) : retrying;
    c.ai.count = options.observe ? outcomeCounter(options.observe) : null;
    const slots: Value[] = new Array(ct.slots).fill(null);
    if (!ct.body.async) {
      ct.body.fn(slots, c);
      return finish(test, r, null, options);
    }
    return ct.body.fn(slots, c).then(
      () => finish(test, r, null, options),
      (error: unknown) => finish(test, r, error, options),
    );
  } catch (error) {
    return finish(test, r, error, options);
  }
}
