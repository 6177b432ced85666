#!/usr/bin/env node
// The installed entry point: the whole CLI is one esbuild bundle, built at install (fast start-up).
// The V8 flags are set first, before the bundle and its chunks are evaluated (build/README.md).
// `jadpo test` runs from a bundle of its own: one module where the general one loads a dozen.
import "../dist/v8-tuning.mjs";

await import(process.argv[2] === "test" ? "../dist/jadpo-test.mjs" : "../dist/jadpo.mjs");
