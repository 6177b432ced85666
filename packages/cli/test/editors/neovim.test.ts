// `jadpo lsp` with a real editor as its client: each Neovim set-up of docs/editors.md, pasted as
// it is into an init.lua, on the Neovim it is for — Debian 12's `nvim` (0.7) for the 0.7–0.9
// one, Debian 13's 0.10 (unpacked by install-neovim-0.10.sh, with its own C library) for the
// ≥ 0.10 one — with `jadpo` on the PATH as the page asks. setup-driver.lua then opens the
// example and checks what the set-up promises. Without a Neovim the test is skipped with the
// reason printed, except under CI, where .ci/run installs both and their absence is a failure.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { bin, repo, runJadpoHere } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

const here = dirname(fileURLToPath(import.meta.url));
const inCi = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
const NVIM_010 = process.env.JADPO_NVIM_010 ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "jadpo-test/nvim-0.10/nvim");

/** The `lua` block under a heading of docs/editors.md, as a user would copy it. */
function setUp(heading: string): string {
  const page = readFileSync(join(repo, "docs/editors.md"), "utf8");
  const after = page.slice(page.indexOf(`\n### ${heading}\n`));
  const block = /```lua\n([\s\S]*?)\n```/.exec(after);
  if (!block) throw new Error(`no lua block under ${heading}`);
  return `${block[1]}\n`;
}

function versionOf(nvim: string): string | null {
  const run = spawnSync(nvim, ["--version"], { encoding: "utf8" });
  return run.status === 0 ? /NVIM v(\d+\.\d+\.\d+)/.exec(run.stdout)?.[1] ?? null : null;
}

const cases = [
  { heading: "Neovim 0.7 to 0.9", nvim: "nvim", fits: (minor: number) => minor >= 7 && minor <= 9, install: "Debian's `neovim` (apt-get install neovim)" },
  { heading: "Neovim 0.10 and later", nvim: NVIM_010, fits: (minor: number) => minor >= 10, install: "packages/cli/test/editors/install-neovim-0.10.sh" },
];

describe.each(cases)("the $heading set-up", ({ heading, nvim, fits, install }) => {
  const version = existsSync(nvim) || nvim === "nvim" ? versionOf(nvim) : null;
  if (version === null && !inCi) console.log(`skipped the ${heading} set-up: no ${nvim} (install it with ${install})`);

  test.runIf(inCi)("under CI, its Neovim is installed (the test below must run)", () => {
    expect(version).not.toBeNull();
  });

  test.runIf(version !== null)("as pasted: the server attaches, diagnostics come and go, K, gd, saving formats the buffer and the file", async () => {
    expect(fits(Number(version!.split(".")[1])), `${nvim} is ${version}`).toBe(true);
    const root = copyExample("jadpo-nvim-");
    const home = mkdtempSync(join(tmpdir(), "jadpo-nvim-home-"));
    mkdirSync(join(home, "config/nvim"), { recursive: true });
    writeFileSync(join(home, "config/nvim/init.lua"), setUp(heading));
    // `jadpo` on the PATH, as the page asks: this clone's build.
    mkdirSync(join(home, "bin"));
    writeFileSync(join(home, "bin/jadpo"), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
    chmodSync(join(home, "bin/jadpo"), 0o755);
    const out = join(home, "steps.txt");
    const run = spawnSync(nvim, ["--headless", "-i", "NONE", "-n", "-c", `luafile ${join(here, "setup-driver.lua")}`], {
      cwd: root, encoding: "utf8", timeout: 90_000,
      env: {
        PATH: `${join(home, "bin")}:${process.env.PATH}`, HOME: home, XDG_CONFIG_HOME: join(home, "config"), XDG_DATA_HOME: join(home, "data"),
        XDG_STATE_HOME: join(home, "state"), XDG_CACHE_HOME: join(home, "cache"), JADPO_ROOT: root, JADPO_OUT: out, NO_COLOR: "1",
      },
    });
    const steps = existsSync(out) ? readFileSync(out, "utf8") : "";
    expect(run.status, `${steps}\n${run.stdout}${run.stderr}`).toBe(0);
    expect(steps).toBe([
      "filetype jadpo, attached: jadpo",
      "opened: 0 diagnostics",
      "after the edit: 6:33 name.unknown `AnswerUnreadable` is not defined here",
      "after the fix: 0 diagnostics",
      "K: type SupportAnswer = Object {",
      "gd: types.jadpo:3:6 SupportAnswer",
      "saved 2 messy lines: the buffer as `jadpo fmt` lays it out, the file as `jadpo fmt` lays it out",
      "",
    ].join("\n"));
    // The file Neovim wrote is in `jadpo fmt`'s layout.
    const check = await runJadpoHere(["fmt", "--check", "domains/support/actions/answer_customer.jadpo"], { cwd: root });
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});
