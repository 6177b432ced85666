// `createApp` as a build's `app.mjs` exports it (docs/production.md), typed by its `app.d.mts`:
// `app.actions.<name>(input)` resolves to `{ ok: true, value }` or `{ ok: false, failure }`, and
// rejects with JadpoInputError for an input that doesn't decode and JadpoFault for a fault.
// `jadpo serve` and a build's `server.mjs` reach the app underneath through PRODUCTION_APP.
import type { CheckedProgram } from "@jadpo/compiler";
import type { JsonValue } from "../values/value.ts";
import { createProductionApp, type ProductionApp, type PublicFailure } from "./app.ts";
import { JadpoFault, JadpoInputError } from "./errors.ts";
import type { Env } from "./settings.ts";

/** Where a JadpoApp keeps the ProductionApp it wraps: a registered symbol, the same in every bundle. */
export const PRODUCTION_APP = Symbol.for("jadpo.production-app");

export type JadpoResult = { ok: true; value: JsonValue } | { ok: false; failure: PublicFailure };

export interface JadpoApp {
  readonly actions: Readonly<Record<string, (input?: unknown) => Promise<JadpoResult>>>;
  close(): Promise<void>;
  readonly [PRODUCTION_APP]: ProductionApp;
}

export interface CreateAppOptions {
  env: Env;
}

function isEnv(v: unknown): v is Env {
  return typeof v === "object" && v !== null;
}

/** The app over `program`, reading its connection's settings from `options.env`. */
export function createApp(program: CheckedProgram, options: CreateAppOptions): JadpoApp {
  if (!isEnv(options?.env)) {
    throw new JadpoFault("createApp takes `{ env }`, the environment the connection's settings are read from (such as `process.env`)");
  }
  const app = createProductionApp(program, { env: options.env });
  const actions: Record<string, (input?: unknown) => Promise<JadpoResult>> = {};
  for (const name of app.actions.keys()) {
    actions[name] = async (input?: unknown): Promise<JadpoResult> => {
      const prepared = app.prepare(name, input);
      if (!prepared.ok) throw new JadpoInputError(prepared.problem.rule, prepared.problem.path, prepared.problem.message);
      const outcome = await app.run(prepared.call);
      switch (outcome.kind) {
        case "success":
          return { ok: true, value: outcome.value };
        case "failure":
          return { ok: false, failure: outcome.failure };
        case "fault":
          throw new JadpoFault(outcome.at === null ? outcome.message : `${outcome.message} (${outcome.at})`);
        case "stopped":
          throw new JadpoFault(`\`${name}\` was stopped before it ended`);
      }
    };
  }
  return {
    actions: Object.freeze(actions),
    close: () => app.close(),
    [PRODUCTION_APP]: app,
  };
}
