// `jadpo dev` watches the project before it says that a change rebuilds it (docs/dev.md): run in
// this process, an edit written from inside the very write of that line — before runDev's next
// statement can run — is rebuilt. Had the watch been set up after the line, the edit would land
// before it and no change would ever be seen.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { runDev } from "../../src/commands/dev/run.ts";
import type { CliContext } from "../../src/context.ts";
import { copyExample } from "../support/example.ts";
import { jadpoEnv, waitUntil } from "../support/jadpo.ts";
import { closedPort } from "./dev-server.ts";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const READY_LINE = "→ Ctrl-C stops it; a change to the project rebuilds it";

it("rebuilds a change written the moment the start-up line says a change rebuilds it", async () => {
  const root = copyExample("jadpo-dev-watch-");
  roots.push(root);
  const typesPath = join(root, "domains/support/types.jadpo");
  const types = readFileSync(typesPath, "utf8");
  let out = "";
  let editedAtLine = false;
  const output = (collect: boolean): CliContext["stdout"] => ({
    isTTY: false,
    columns: null,
    write(text) {
      if (!collect) return;
      out += text;
      // Synchronously, inside the write of the line: nothing of runDev runs in between.
      if (!editedAtLine && out.includes(READY_LINE)) {
        editedAtLine = true;
        writeFileSync(typesPath, `${types}\ntype Added = Text\n`);
      }
    },
  });
  const context: CliContext = {
    cwd: root,
    env: jadpoEnv({ JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }),
    stdout: output(true),
    stderr: output(false),
    exitCode: 0,
  };
  const stop = new AbortController();
  const running = runDev(undefined, { port: 0, actionTimeout: "30s", color: "never" }, context, stop.signal);
  try {
    await waitUntil("the start-up line", () => editedAtLine);
    await waitUntil("the rebuild", () => out.includes("✓ Rebuilt"));
    expect(out).toMatch(/✓ Rebuilt {2}\d+ files · \d+ declarations/);
  } finally {
    stop.abort();
    await running;
  }
  expect(out).toContain("Stopped.");
  expect(context.exitCode).toBe(0);
});
