// Calling one action outside a test (`jadpo dev`), or asking one prompt as an action's
// `ai.generate` asks it (`jadpo ai record`): its outcome as data — a value, one of its failures,
// or a runtime fault — whatever the backend behind its AI calls.
import type { ActionDecl, FailureInfo, PromptInfo, Type } from "@jadpo/compiler";
import type { AiBackend } from "../ai/backend.ts";
import type { CompiledProgram } from "./compile-program.ts";
import type { Callable } from "./compile-state.ts";
import { generateInvoke } from "./ai-calls.ts";
import { createContext } from "./context.ts";
import { FailureSignal, InternalFault, RuntimeFault, TimedOut } from "../signals.ts";
import type { Value } from "../values/value.ts";
import type { TestTimeout } from "../runner/run-test.ts";

export type ActionOutcome =
  | { kind: "success"; value: Value }
  | { kind: "failure"; failure: FailureInfo }
  | { kind: "fault"; fault: RuntimeFault }
  | { kind: "internal_error"; error: unknown };

export interface CallActionOptions {
  backend: AiBackend;
  /** Seeds `random.int` (and anything else random) for this call. */
  seed: number;
  /** `clock.now()` at the start of the call, epoch ms (the wall clock in `jadpo dev`). */
  clockStart: number;
  /** The wall time the call may take (`jadpo dev --action-timeout`); none without it. */
  timeout?: TestTimeout;
}

/** Finds an action by name (actions are named uniquely enough for `POST /actions/<name>`). */
export function findAction(compiled: CompiledProgram, name: string): ActionDecl | null {
  for (const decl of compiled.actions.keys()) if (decl.name.name === name) return decl;
  return null;
}

/** Runs `action` with its parameters' values in declaration order. Never throws. */
export async function callAction(
  compiled: CompiledProgram, action: ActionDecl, args: Value[], options: CallActionOptions,
): Promise<ActionOutcome> {
  const target = compiled.actions.get(action);
  if (!target) return { kind: "internal_error", error: new Error(`the action \`${action.name.name}\` was not compiled`) };
  return run(compiled, target, args, options);
}

/**
 * `ai.generate(values, as: asType)` of `prompt`, run as its first call asks it: decoding, the one
 * correction and, for a prompt with tools, the loop (its tools running as app code). Never throws.
 */
export async function callPrompt(
  compiled: CompiledProgram, prompt: PromptInfo, asType: Type, values: Value, options: CallActionOptions,
): Promise<ActionOutcome> {
  const invoke = generateInvoke(compiled.state, prompt, asType, prompt.calls[0] ?? prompt.decl.name.span);
  return run(compiled, { call: (args, c) => invoke.call(args, c) }, [values], options);
}

async function run(compiled: CompiledProgram, target: Pick<Callable, "call">, args: Value[], options: CallActionOptions): Promise<ActionOutcome> {
  const c = createContext({
    seed: options.seed, backend: options.backend, promptCount: compiled.prompts.size,
    dimensions: compiled.dimensions, clockStart: options.clockStart,
    timeoutMs: options.timeout?.ms, timeLimit: options.timeout?.text,
  });
  try {
    return { kind: "success", value: await target.call([...args], c) };
  } catch (err) {
    if (err instanceof FailureSignal) return { kind: "failure", failure: err.failure };
    if (err instanceof RuntimeFault) return { kind: "fault", fault: err };
    // Computing without end would hold the dev server's only thread: the call stops instead.
    if (err instanceof TimedOut) return { kind: "fault", fault: new RuntimeFault({ variant: "too_long", limit: err.limit }, null) };
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      return { kind: "fault", fault: new RuntimeFault({ variant: "stack_overflow" }, null) };
    }
    if (err instanceof InternalFault) return { kind: "internal_error", error: new Error(err.message) };
    return { kind: "internal_error", error: err };
  }
}
