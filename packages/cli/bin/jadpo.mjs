#!/usr/bin/env node
// The installed entry point: the whole CLI is one esbuild bundle, built at install (fast start-up).
// The V8 flags are set first, before the bundle and its chunks are evaluated (build/README.md).
// `jadpo test`, `jadpo check` and `jadpo fmt` run from a script of their own, through its code
// cache: one script where the general bundle loads a dozen modules.
import "../dist/v8-tuning.mjs";

const command = process.argv[2];
await import(command === "test" || command === "check" || command === "fmt" ? `../dist/jadpo-${command}.mjs` : "../dist/jadpo.mjs");
