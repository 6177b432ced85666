// Whatever stopped a test → its one diagnostic. User-facing problems keep their own rule; anything
// else the runtime throws is `toolchain.internal_error`, never a stack trace.
import { diagnostic, type Diagnostic, type Span, type TestInfo } from "@jadpo/compiler";
import type { RunContext } from "../exec/context.ts";
import { FailureSignal, InternalFault, RuntimeFault, TestStop, TimedOut } from "../signals.ts";

export type SaveInternalError = (error: unknown) => string;

function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}

export function failureDiagnostic(err: unknown, test: TestInfo, c: RunContext, save?: SaveInternalError): Diagnostic {
  // Where a problem without a place of its own points: the test statement running, else the test.
  const here: Span = c.testStmt ?? test.decl.span;
  if (err instanceof TestStop) {
    const d = err.diagnostic;
    return d.span ? d : { ...d, span: here };
  }
  if (err instanceof RuntimeFault) {
    return fault(err.span ?? here, err);
  }
  if (err instanceof FailureSignal) {
    // The checker makes every failure in a test body explicit, so this is only a safety net.
    return diagnostic("test.unexpected_failure", here, { call: "the test", failure: err.failure.name }, [
      { label: "got", text: `fails ${err.failure.name}` },
    ]);
  }
  if (err instanceof TimedOut) {
    // A FAIL block shows details, not the summary: the limit goes in a note, as a fault's words do.
    const d = diagnostic("test.timed_out", here, { limit: err.limit });
    return { ...d, details: [{ label: "note", text: d.summary }] };
  }
  if (isStackOverflow(err)) {
    return fault(here, new RuntimeFault({ variant: "stack_overflow" }, here));
  }
  // A text built some other way than `+` (a join, a template) past what the engine holds.
  if (err instanceof RangeError && /Invalid string length/.test(err.message)) {
    return fault(here, new RuntimeFault({ variant: "text_too_long", length: 2 ** 29 }, here));
  }
  return internalErrorDiagnostic(err, test.decl.span, save);
}

/** `toolchain.internal_error` for an unexpected throw: its message, and the saved report's path. */
export function internalErrorDiagnostic(err: unknown, span: Span, save?: SaveInternalError): Diagnostic {
  const message = err instanceof InternalFault ? err.message : err instanceof Error ? err.message : String(err);
  let report = "(no report was saved)";
  if (save) {
    try {
      report = save(err);
    } catch {
      // Saving the report failed too: the diagnostic still says what happened.
    }
  }
  return diagnostic("toolchain.internal_error", span, { message, report }, [{ label: "note", text: message }]);
}

/** A FAIL block shows details, not the summary: the problem is its `note:` line too. */
function fault(span: Span, err: RuntimeFault): Diagnostic {
  return diagnostic("runtime.fault", span, err.args, [{ label: "note", text: err.problem }]);
}
