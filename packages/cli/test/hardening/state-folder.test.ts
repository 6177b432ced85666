// A `.jadpo/` that leads out of the project (a symbolic link a cloned repository can carry) stops
// every command with one `cli.unsafe_state_folder` before anything is written or deleted through
// it: each decoy in the link's target survives, old files, lock files, other tools' temporary
// files and jadpo-named leftovers alike. In a real recording folder, `ai record` removes only a
// killed record's temporary file. `check`, `test`, `ai record` and `dev` run in process, from
// sources (JADPO_CACHE=on turns the cache on there).
import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderErrorPlain } from "@jadpo/compiler";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { saveInternalReport } from "../../src/internal-error.ts";
import { unsafeStateDiagnostic, unsafeStateFolder } from "../../src/state-folder.ts";
import { repo, RunningJadpoHere, runJadpoHere, waitUntil } from "../support/jadpo.ts";

const RECORDINGS = "domains/support/prompts/recordings/answer_question";

const parents: string[] = [];
afterAll(() => parents.forEach((parent) => rmSync(parent, { recursive: true, force: true })));

const deadPid = (() => {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  if (pid === undefined) throw new Error("no child pid");
  return pid;
})();

/** A folder holding `app/` (a copy of the example) and `victim/`, `lockvictim/` beside it, full of decoys. */
function layout(): { parent: string; app: string; victim: string; lockvictim: string } {
  const parent = mkdtempSync(join(tmpdir(), "jadpo-state-folder-"));
  parents.push(parent);
  const app = join(parent, "app");
  cpSync(join(repo, "examples/support"), app, { recursive: true });
  rmSync(join(app, ".jadpo"), { recursive: true, force: true });
  const victim = join(parent, "victim");
  const lockvictim = join(parent, "lockvictim");
  mkdirSync(victim);
  mkdirSync(lockvictim);
  // Many old files (the prune kept the 32 newest), dotfiles, a folder, and names jadpo uses itself.
  for (let i = 1; i <= 100; i++) decoy(victim, `doc${i}.txt`, 200 - i);
  decoy(victim, ".bashrc", 2 * 365 * 24 * 60);
  decoy(victim, "0".repeat(63) + "1", 300);
  mkdirSync(join(victim, "Documents"));
  decoy(join(victim, "Documents"), "letter.txt", 6 * 30 * 24 * 60);
  for (const name of ["yarn.lock", "Cargo.lock", "poetry.lock", "backup.4242.tmp", `usage.json.${deadPid}.tmp`]) decoy(lockvictim, name, 60);
  mkdirSync(join(lockvictim, "usage.json.lock"));
  decoy(join(lockvictim, "usage.json.lock"), "pid", 60, `${deadPid}\n`);
  return { parent, app, victim, lockvictim };
}

function decoy(dir: string, name: string, minutesAgo: number, text = `${name}\n`): void {
  writeFileSync(join(dir, name), text);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(join(dir, name), at, at);
}

/** Every file and folder below `dir`, with its contents and modification time. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) out.push(`${name}/`, ...snapshot(path).map((entry) => `${name}/${entry}`));
    else out.push(`${name} ${stat.mtimeMs} ${readFileSync(path, "utf8")}`);
  }
  return out;
}

/** A layout whose `.jadpo/<folder>` links to the decoy folder `target`: the project, and the target's snapshot before and now. */
function linkedState(folder: "cache" | "dev" | "internal-errors", target: "victim" | "lockvictim"): { app: string; before: string[]; now: () => string[] } {
  const made = layout();
  mkdirSync(join(made.app, ".jadpo"));
  symlinkSync(`../../${target}`, join(made.app, ".jadpo", folder));
  return { app: made.app, before: snapshot(made[target]), now: () => snapshot(made[target]) };
}

const lines = (...text: string[]) => `${text.join("\n")}\n`;

/** The diagnostic's text for the link `path`. */
const unsafeLink = (path: string) => [
  `error: \`${path}\` is a symbolic link, not a folder of the project`,
  "  reason: jadpo keeps its state in `.jadpo/` and removes its old files there; through a link it could write or delete files that are not its own, so it stops before touching anything.",
  `  next: Remove the link \`${path}\` (jadpo makes a real folder again when it needs one); \`.jadpo/\` belongs in \`.gitignore\`, not in the repository (human)`,
  "  rule: cli.unsafe_state_folder",
];

const on = { JADPO_CACHE: "on" };

describe("a .jadpo/cache that is a symbolic link", () => {
  it("stops check and test, before the cache is pruned or written through it", async () => {
    const { app, before, now } = linkedState("cache", "victim");
    expect(await runJadpoHere(["check"], { cwd: app, env: on })).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/cache"), "check failed: 1 error") });
    expect(await runJadpoHere(["test"], { cwd: app, env: on })).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/cache")) });
    expect(await runJadpoHere(["test", "--seed", "5"], { cwd: app, env: on })).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/cache")) });
    // Run from a folder of the project, the path is shown from there.
    expect((await runJadpoHere(["check"], { cwd: join(app, "domains/support"), env: on })).stdout.split("\n")[0])
      .toBe("error: `../../.jadpo/cache` is a symbolic link, not a folder of the project");
    expect(now()).toEqual(before);
  });

  it("stops check when .jadpo itself is the link", async () => {
    const { app, victim } = layout();
    symlinkSync("../victim", join(app, ".jadpo"));
    const before = snapshot(victim);
    expect(await runJadpoHere(["check"], { cwd: app, env: on })).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo"), "check failed: 1 error") });
    expect(snapshot(victim)).toEqual(before);
  });
});

describe("the state folders' guard", () => {
  it("passes real folders, a missing .jadpo and a file where a folder should be", () => {
    const { app } = layout();
    expect(unsafeStateFolder(app)).toBeNull();
    mkdirSync(join(app, ".jadpo/dev"), { recursive: true });
    writeFileSync(join(app, ".jadpo/cache"), "not a folder");
    expect(unsafeStateFolder(app)).toBeNull();
    symlinkSync("../../victim", join(app, ".jadpo/internal-errors"));
    expect(unsafeStateFolder(app)).toEqual({ path: ".jadpo/internal-errors", variant: "link" });
  });

  it("saves an internal error's report in the temp folder, not through a linked .jadpo/internal-errors", () => {
    const { app, before, now } = linkedState("internal-errors", "victim");
    const shown = saveInternalReport(app, "report\n", new Date(), app, `-state-folder-${process.pid}`);
    expect(shown).not.toContain(".jadpo");
    rmSync(join(app, shown), { force: true });
    expect(now()).toEqual(before);
  });

  // Only a link makes a path resolve elsewhere on this system, and a link is caught first; other
  // systems' redirections (a junction, say) are caught by the resolved path, worded so.
  it("words a folder that resolves outside the project", () => {
    const d = unsafeStateDiagnostic({ path: ".jadpo/dev", variant: "outside", target: "/home/me/other" }, (file) => file);
    expect(renderErrorPlain(d)).toBe([
      "error: `.jadpo/dev` resolves to `/home/me/other`, outside its place in the project",
      unsafeLink("").at(1),
      "  next: Remove `.jadpo/dev` (jadpo makes a real folder again when it needs one), or make it a plain folder of the project (human)",
      "  rule: cli.unsafe_state_folder",
    ].join("\n"));
  });
});

describe("a .jadpo/dev that is a symbolic link", () => {
  it("stops jadpo dev before its clean-up runs: every lock file and temporary file in the target stays", async () => {
    const { app, before, now } = linkedState("dev", "lockvictim");
    const dev = new RunningJadpoHere(["dev", "--port", "0"], { cwd: app });
    try {
      await waitUntil("jadpo dev to stop or serve", () => dev.exited || /http:\/\/127\.0\.0\.1:\d+/.test(dev.stdout));
    } finally {
      await dev.stop();
    }
    expect({ code: dev.code, stdout: dev.stdout, stderr: dev.stderr }).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/dev")) });
    expect(now()).toEqual(before);
  });

  it("stops ai record and test too", async () => {
    const { app, before, now } = linkedState("dev", "lockvictim");
    const record = await runJadpoHere(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame"], { cwd: app, env: on });
    expect(record).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/dev")) });
    expect(await runJadpoHere(["test"], { cwd: app, env: on })).toEqual({ code: 1, stderr: "", stdout: lines(...unsafeLink(".jadpo/dev")) });
    expect(now()).toEqual(before);
  });
});

describe("ai record's clean-up of a recording folder", () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer({ kind: "answer", text: JSON.stringify({ resolved_by_articles: true, reply: "Yes, sesame." }) });
  });
  afterAll(() => server.close());

  it("removes a killed record's temporary file and nothing else of the folder", async () => {
    const { app } = layout();
    const folder = join(app, RECORDINGS);
    const others = ["yarn.lock", "Cargo.lock", "poetry.lock", "backup.4242.tmp", `notes.${deadPid}.tmp`, `jersey.json.${deadPid}.0a1b2c3d.tmp`];
    for (const name of others) decoy(folder, name, 60);
    mkdirSync(join(folder, "old.lock"));
    decoy(folder, `.jersey.json.${deadPid}.0a1b2c3d.tmp`, 60, "{\"answer\":");
    const run = await runJadpoHere(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame"], { cwd: app, env: { JADPO_AI_BASE_URL: server.url } });
    expect(run.code).toBe(0);
    expect(readdirSync(folder).sort()).toEqual([...others, "jersey.json", "not_covered.json", "old.lock", "sesame.json"].sort());
    for (const name of others) expect(readFileSync(join(folder, name), "utf8")).toBe(`${name}\n`);
  });
});
