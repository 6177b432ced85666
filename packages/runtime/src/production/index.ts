// `@jadpo/runtime/app`: running a checked program in production (docs/production.md) — the app
// `jadpo serve` serves and a build's `app.mjs` exports — and what `jadpo build` needs to write one:
// the program a build ships, as text, and its TypeScript declarations.
export { createProductionApp, type ProductionApp, type ProductionOptions, type ProductionOutcome, type PreparedCall, type PublicFailure, type RunOptions } from "./app.ts";
export { createApp, PRODUCTION_APP, type CreateAppOptions, type JadpoApp, type JadpoResult } from "./public-app.ts";
export { JadpoFault, JadpoInputError } from "./errors.ts";
export { MissingSettingFault, type Env, type MissingSetting } from "./settings.ts";
export { callWords, type AiCallOutcome, type AiCallRecord, type AiCallWord } from "./backend.ts";
export type { ServedAction } from "./actions.ts";
export { programForBuild, type BuildProgram } from "./prune.ts";
export { encodeProgram, decodeProgram } from "./program-codec.ts";
export { declarationsOf } from "./declarations.ts";
