// `@jadpo/runtime/dev`: what `jadpo dev` runs on — its AI backend (recordings, generated
// defaults, the sandboxed real model under its daily budget) and the call log it writes, which
// `jadpo ai record` reads.
export * from "./dev-backend/index.ts";
export * from "./dev-log/index.ts";
