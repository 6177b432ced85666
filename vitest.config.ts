import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      // The compiler's and the runtime's tests change nothing process-wide (no mocks, no
      // environment, no network ban in this process), so their files share a worker and its
      // loaded modules instead of each importing the compiler again.
      { extends: true, test: { name: "compiler", include: ["packages/compiler/test/**/*.test.ts"], isolate: false } },
      { extends: true, test: { name: "runtime", include: ["packages/runtime/test/**/*.test.ts"], isolate: false } },
      // CLI files each get a fresh worker: a command run in process keeps module state (the
      // process's parses, the runtime once loaded) that must not reach another file's tests.
      { extends: true, test: { name: "cli", include: ["packages/cli/test/**/*.test.ts"] } },
    ],
  },
});
