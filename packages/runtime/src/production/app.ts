// The one production entry (docs/production.md): a checked program, an environment and the real
// driver → actions to call. Each call's input is decoded as `jadpo dev` decodes a request; its
// outcome comes back as data — a value (as JSON, any echo of the key redacted), one of its
// failures, a runtime fault with its location, or "stopped" past its time limit. `jadpo serve` is
// an HTTP adapter over this; a build's `createApp` (public-app.ts) the typed one.
import { randomInt } from "node:crypto";
import type { CheckedProgram, FailureKind, Span } from "@jadpo/compiler";
import { callAction } from "../exec/call-action.ts";
import { compileProgram } from "../exec/compile-program.ts";
import { createOpenAiDriver } from "../drivers/openai-compatible.ts";
import { keyEcho, redactJson } from "../drivers/key-echo.ts";
import { toJson } from "../values/json.ts";
import type { JsonValue } from "../values/value.ts";
import { actionsOf, type ServedAction } from "./actions.ts";
import { ProductionBackend, type AiCallRecord } from "./backend.ts";
import { JadpoFault } from "./errors.ts";
import { decodeInputs, isInputObject, type InputProblem } from "./inputs.ts";
import { modelConnections } from "./model-fetch.ts";
import { connectionSettings, type Env } from "./settings.ts";
import type { Value } from "../values/value.ts";

/** A failure as a caller sees it: the failure's name, code, kind and message. */
export interface PublicFailure {
  name: string;
  code: string;
  kind: FailureKind;
  message: string;
}

export type ProductionOutcome =
  | { kind: "success"; value: JsonValue }
  | { kind: "failure"; failure: PublicFailure }
  /**
   * `rule` is `runtime.fault`, or `ai.model_error` for a model that answered with an error no AI
   * failure covers (a wrong key, model or URL); `at` is `file:line:column`, or null.
   */
  | { kind: "fault"; rule: "runtime.fault" | "ai.model_error"; message: string; at: string | null }
  /** Stopped past its time limit (or by `stop`) before it ended. */
  | { kind: "stopped" };

/** An action's input, decoded and ready to run. */
export interface PreparedCall {
  action: ServedAction;
  args: Value[];
}

export interface RunOptions {
  /** The wall time the call may take; none by default. */
  timeoutMs?: number;
  /** The limit as written (`60s`). */
  limit?: string;
  /** Stops the call at once, as past its time limit (a drain that ran out of time). */
  stop?: AbortSignal;
  /** Told of each AI call when it ends. */
  onAiCall?: (call: AiCallRecord) => void;
}

export interface ProductionApp {
  /** By name, in path order then source order. */
  readonly actions: ReadonlyMap<string, ServedAction>;
  /** `input` decoded as the parameters of `name` (which must be one of `actions`). */
  prepare(name: string, input: unknown): { ok: true; call: PreparedCall } | { ok: false; problem: InputProblem };
  run(call: PreparedCall, options?: RunOptions): Promise<ProductionOutcome>;
  /** Waits for the calls running, then closes the model connections; later calls reject with JadpoFault. */
  close(): Promise<void>;
}

export interface ProductionOptions {
  env: Env;
  /** The driver for a connection's settings (default: the `openai_compatible` driver). */
  makeDriver?: typeof createOpenAiDriver;
}

function where(span: Span | null): string | null {
  return span === null ? null : `${span.file}:${span.line}:${span.column}`;
}

/** The app over `program`. A connection setting the environment lacks throws JadpoFault naming it. */
export function createProductionApp(program: CheckedProgram, options: ProductionOptions): ProductionApp {
  const settings = connectionSettings(program.connection, options.env);
  const echo = keyEcho(settings?.apiKey ?? null);
  const compiled = compileProgram(program, { aiMode: "async" });
  const actions = actionsOf(program);
  const connections = modelConnections();
  // One driver for every action: each request carries its own action's stop signal.
  const driver = settings === null ? null : (options.makeDriver ?? createOpenAiDriver)({ ...settings, fetch: connections.fetch });
  const running = new Set<Promise<unknown>>();
  let closed = false;

  async function execute(call: PreparedCall, stop: AbortController, options: RunOptions): Promise<ProductionOutcome> {
    const backend = new ProductionBackend({
      program, driver, stop: stop.signal, limit: options.limit ?? "its time limit", onCall: options.onAiCall ?? (() => {}),
    });
    const outcome = await callAction(compiled, call.action.decl, [...call.args], {
      backend, seed: randomInt(0, 2 ** 32 - 1), clockStart: Date.now(),
      ...(options.timeoutMs === undefined ? {} : { timeout: { ms: options.timeoutMs, text: options.limit ?? `${options.timeoutMs}ms` } }),
    });
    backend.end();
    if (stop.signal.aborted) return { kind: "stopped" };
    switch (outcome.kind) {
      case "success":
        return { kind: "success", value: redactJson(toJson(call.action.result, outcome.value), echo) };
      case "failure": {
        const { name, code, kind, message } = outcome.failure;
        return { kind: "failure", failure: { name, code, kind, message } };
      }
      case "fault": {
        const { fault } = outcome;
        const rule = fault.args.variant === "model_error" ? "ai.model_error" : "runtime.fault";
        return { kind: "fault", rule, message: echo.redact(fault.problem), at: where(fault.span) };
      }
      case "internal_error": {
        const error = outcome.error;
        return { kind: "fault", rule: "runtime.fault", message: `jadpo hit an internal error: ${echo.redact(error instanceof Error ? error.message : String(error))}`, at: null };
      }
    }
  }

  return {
    actions,
    prepare(name, input) {
      const action = actions.get(name);
      if (action === undefined) throw new JadpoFault(`\`${name}\` is not an action of this app`);
      const given = input === undefined ? {} : input;
      if (!isInputObject(given)) {
        return { ok: false, problem: { rule: "type", path: "the input", message: `\`${name}\` takes one object of its parameters by name` } };
      }
      const read = decodeInputs(name, action.params, given);
      return read.ok ? { ok: true, call: { action, args: read.args } } : read;
    },
    run(call, runOptions = {}) {
      if (closed) return Promise.reject(new JadpoFault("The app is closed: create another to call its actions"));
      const stop = new AbortController();
      const timer = runOptions.timeoutMs === undefined ? null : setTimeout(() => stop.abort(), runOptions.timeoutMs);
      const onStop = () => stop.abort();
      runOptions.stop?.addEventListener("abort", onStop, { once: true });
      if (runOptions.stop?.aborted) stop.abort();
      const done = execute(call, stop, runOptions).finally(() => {
        if (timer !== null) clearTimeout(timer);
        runOptions.stop?.removeEventListener("abort", onStop);
        running.delete(done);
      });
      running.add(done);
      // Past its limit the call answers at once; the action stops at its next call meanwhile.
      const stopped = new Promise<ProductionOutcome>((resolve) => {
        if (stop.signal.aborted) resolve({ kind: "stopped" });
        else stop.signal.addEventListener("abort", () => resolve({ kind: "stopped" }), { once: true });
      });
      return Promise.race([done, stopped]);
    },
    async close() {
      closed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
      connections.close();
    },
  };
}
