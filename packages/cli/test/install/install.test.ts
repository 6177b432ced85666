// The install command end to end: `packages/cli/build/install.mjs` (what `pnpm jadpo:install`
// runs) packs the built CLI and installs it into a temporary prefix with no registry reachable;
// the installed `jadpo`, found on the PATH, then starts a project outside the repository, tests
// it, and records an answer from a stand-in model (which needs the prompt texts it ships with).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { jadpoEnv, repo, type Run } from "../support/jadpo.ts";
import { LspClient } from "../support/lsp.ts";

const prefix = mkdtempSync(join(tmpdir(), "jadpo-prefix-"));
const outside = mkdtempSync(join(tmpdir(), "jadpo-outside-"));
const installed = join(prefix, "lib/node_modules/jadpo");
/** Only the installed `jadpo` and node itself are on this PATH. */
const PATH = [join(prefix, "bin"), dirname(process.execPath)].join(delimiter);

/** Runs the installed `jadpo` by name, as a user would, with the harness's clean environment. */
function jadpo(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = jadpoEnv({ ...options.env, PATH });
    const child = spawn("jadpo", args, { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code }));
  });
}

let install: Run;
let model: FakeModelServer;

beforeAll(async () => {
  buildCli();
  // A registry that can't be reached: the install must not need one.
  const offline = { ...process.env, npm_config_registry: "http://127.0.0.1:9/", npm_config_cache: join(prefix, ".npm-cache") };
  const r = spawnSync(process.execPath, [join(repo, "packages/cli/build/install.mjs"), "--no-build", "--prefix", prefix], {
    cwd: outside, env: offline, encoding: "utf8",
  });
  install = { stdout: r.stdout, stderr: r.stderr, code: r.status };
  model = await startFakeModelServer({ kind: "answer", text: JSON.stringify({ title: "Flour, eggs, oven", points: ["Buy flour", "Clean the oven"] }) });
}, 180_000);

afterAll(async () => {
  await model?.close();
  rmSync(prefix, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("installing jadpo from the clone", () => {
  it("installs offline into the prefix, and says where", () => {
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    expect(install.stdout).toContain(`✓ jadpo installed: ${join(prefix, "bin/jadpo")}\n`);
    expect(install.stdout).toContain(`▲ ${join(prefix, "bin")} is not on your PATH`);
  });

  it("is one package with a bin and nothing to fetch, holding the prompt texts, templates and docs", () => {
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.bin).toEqual({ jadpo: "bin/jadpo.mjs" });
    expect(manifest.dependencies).toBeUndefined();
    for (const file of ["dist/jadpo.mjs", "dist/compiler.cjs", "prompts/answer-format.txt", "prompts/correction.txt", "templates/init/app.jadpo", "templates/init/gitignore", "docs/cli.md"]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
  });

  it("runs `jadpo init` and `jadpo test` in a folder outside the repository", async () => {
    const init = await jadpo(["init", "notes-app"], { cwd: outside });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("→ cd notes-app\n");
    if (existsSync(join(repo, "docs/getting-started.md"))) {
      expect(init.stdout).toContain(`(this install's copy: ${join(installed, "docs/getting-started.md")})`);
    }
    const test = await jadpo(["test"], { cwd: join(outside, "notes-app") });
    expect(test.stderr).toBe("");
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/^✓ \d+ passed {2}\d+ action tests$/m);
  });

  it("asks a real model with the prompt texts it ships with (`jadpo ai record --fixture`)", async () => {
    const root = join(outside, "recorded");
    expect((await jadpo(["init", root], { cwd: outside })).code).toBe(0);
    const record = await jadpo(["ai", "record", "summarise_note", "--as", "shopping", "--fixture", "notes.asked_shopping"], {
      cwd: root, env: { JADPO_AI_BASE_URL: model.url },
    });
    expect(record.stdout + record.stderr).toContain("✓ Recorded `summarise_note`'s answer as `shopping`");
    expect(record.code).toBe(0);
    const asked = JSON.stringify(model.requests.at(-1)?.body);
    expect(asked).toContain("Reply with exactly one JSON value and nothing else");
    expect(existsSync(join(root, "domains/notes/prompts/recordings/summarise_note/shopping.json"))).toBe(true);
    expect((await jadpo(["test"], { cwd: root })).code).toBe(0);
  });

  it("serves editors: the installed `jadpo lsp` reports a change's diagnostic", async () => {
    const root = join(outside, "edited");
    expect((await jadpo(["init", root], { cwd: outside })).code).toBe(0);
    const client = await LspClient.start(root, () => spawn("jadpo", ["lsp"], { cwd: root, env: jadpoEnv({ PATH }) }));
    const path = "domains/extra.jadpo";
    await client.open(path, "function twice(n: Int) -> Int {\n    return n * 2 + missing\n}\n");
    const found = await client.diagnosticsOf(path, (d) => d.length > 0);
    expect(found.map((d) => `${d.code} ${d.message.split("\n")[0]}`)).toEqual(["name.unknown `missing` is not defined here"]);
    expect(await client.stop()).toBe(0);
  });
});
