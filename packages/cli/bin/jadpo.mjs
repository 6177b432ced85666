#!/usr/bin/env node
// The installed entry point: the whole CLI is one esbuild bundle, built at install (fast start-up).
// The V8 flags are set first, before the bundle and its chunks are evaluated (build/README.md).
import "../dist/v8-tuning.mjs";
import "../dist/jadpo.mjs";
