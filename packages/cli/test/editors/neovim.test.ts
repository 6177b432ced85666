// `jadpo lsp` with a real editor as its client: Neovim headless (neovim.lua) opens the example,
// sees a diagnostic appear after an edit and clear after the fix, and jumps to a definition.
// Without `nvim` on PATH the test is skipped with the reason printed, except under CI, where
// .ci/run installs Debian's `neovim` and its absence is a failure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { bin } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" }).status === 0;
const inCi = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
if (!nvim && !inCi) console.log("skipped the Neovim test: `nvim` is not on PATH (CI installs Debian's `neovim`; see .ci/run)");

test.runIf(inCi)("under CI, Neovim is installed (the test below must run)", () => {
  expect(nvim).toBe(true);
});

test.runIf(nvim)("Neovim's LSP client sees a diagnostic appear and clear, and jumps to a definition", () => {
  const root = copyExample("jadpo-nvim-");
  const out = join(mkdtempSync(join(tmpdir(), "jadpo-nvim-out-")), "steps.txt");
  const script = join(dirname(fileURLToPath(import.meta.url)), "neovim.lua");
  const run = spawnSync("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${script}`], {
    cwd: root, encoding: "utf8", timeout: 90_000,
    env: { PATH: process.env.PATH, HOME: root, JADPO_ROOT: root, JADPO_OUT: out, JADPO_NODE: process.execPath, JADPO_BIN: bin, NO_COLOR: "1" },
  });
  const steps = readFileSync(out, "utf8");
  expect(run.status, `${steps}\n${run.stdout}${run.stderr}`).toBe(0);
  expect(steps).toBe([
    "opened: 0 diagnostics",
    "after the edit: 6:33 name.unknown `AnswerUnreadable` is not defined here",
    "after the fix: 0 diagnostics",
    "definition: types.jadpo:3:6",
    "word: SupportAnswer",
    "",
  ].join("\n"));
});
