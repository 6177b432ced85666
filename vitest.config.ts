import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const CLI_ISOLATED = [
  "packages/cli/test/hardening/disk-full-injected.test.ts", // vi.mock("node:fs")
  "packages/cli/test/cache/cache-stamps.test.ts", // fake Date
  "packages/cli/test/install/**/*.test.ts", // the process's own start-up
  "packages/cli/test/load-compiler.test.ts",
];

export default defineConfig({
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    // vitest's default is one worker less than the cores: on 2 cores one file at a time, the other
    // core idle while a file waits on the binary, a server or a poll. At least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      // The compiler's and the runtime's tests change nothing process-wide (no mocks, no
      // environment, no network ban in this process), so their files share a worker and its
      // loaded modules instead of each importing the compiler again.
      { extends: true, test: { name: "compiler", include: ["packages/compiler/test/**/*.test.ts"], isolate: false } },
      { extends: true, test: { name: "runtime", include: ["packages/runtime/test/**/*.test.ts"], isolate: false } },
      // The CLI's files share workers too: a command run in process changes nothing process-wide
      // (runJadpoHere fails one that does), and what it keeps (the process's parses, the runtime
      // once loaded) is keyed by content. Files that mock a module, fake the clock or hook the
      // process get a worker of their own.
      { extends: true, test: { name: "cli", include: ["packages/cli/test/**/*.test.ts"], exclude: CLI_ISOLATED, isolate: false } },
      { extends: true, test: { name: "cli-isolated", include: CLI_ISOLATED } },
    ],
  },
});
