// How control leaves a body early. These are thrown, never shown: the executor turns each into
// an outcome (a failure), a return value, or a test's diagnostic. None extends Error, so
// throwing one captures no stack trace and costs little.
import { diagnostic, type ArgsOf, type Diagnostic, type FailureInfo, type Span } from "@jadpo/compiler";
import type { Value } from "./values/value.ts";

/** A failure on its way to the enclosing action's caller (`reject F`, an AI failure, `attempt`). */
export class FailureSignal {
  constructor(readonly failure: FailureInfo) {}
}

/** `return` from inside a match arm used as an expression; caught at the body's boundary. */
export class ReturnSignal {
  constructor(readonly value: Value) {}
}

/** A value broke a rule only running can check (division by zero, a constraint in `T(v)`). */
export class RuntimeFault {
  /** The fault in the catalogue's words: what went wrong, and what to do. */
  readonly problem: string;
  readonly suggestion: string;
  constructor(
    /** Which fault (a variant of `runtime.fault`) and its slots. */
    readonly args: ArgsOf<"runtime.fault">,
    /** The statement that was running; null when not known where it was raised. */
    readonly span: Span | null,
  ) {
    const words = diagnostic("runtime.fault", span, args);
    this.problem = words.summary;
    this.suggestion = words.next;
  }
}

/** The running test must stop with this diagnostic. A null span means "the test statement running now". */
export class TestStop {
  constructor(
    readonly diagnostic: Diagnostic,
  ) {}
}

/** The test ran past its time limit (`--test-timeout`); `limit` as the user wrote it. */
export class TimedOut {
  constructor(readonly limit: string) {}
}

/** A fault in the runtime itself (a case the compiler should have ruled out). */
export class InternalFault {
  constructor(readonly message: string) {}
}
