// What a build's `app.mjs` is (docs/production.md): this module bundled with the runtime, and the
// program the build ships written in JADPO_PROGRAM's place. It reads no file, no environment
// variable of its own and nothing of the jadpo install: `createApp({ env })` gets everything.
import type { CheckedProgram } from "@jadpo/compiler";
import { decodeProgram } from "./program-codec.ts";
import { createApp as createAppOf, type CreateAppOptions, type JadpoApp } from "./public-app.ts";

export { JadpoFault, JadpoInputError } from "./errors.ts";

/** The program's text (program-codec.ts), put here by `jadpo build`. */
declare const JADPO_PROGRAM: string;

let program: CheckedProgram | null = null;

export function createApp(options: CreateAppOptions): JadpoApp {
  program ??= decodeProgram(JADPO_PROGRAM) as CheckedProgram;
  return createAppOf(program, options);
}
