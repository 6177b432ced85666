#!/usr/bin/env node
// The installed entry point: the whole CLI is one esbuild bundle, built at install (fast start-up).
import "../dist/jadpo.mjs";
