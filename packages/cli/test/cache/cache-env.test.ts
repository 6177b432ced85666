// A kept test run stands for the values of the variables the project's connection reads, as well
// as for its files: a model named by `env(...)` decides the model-drift alerts, so another value
// is another run, end to end, and no value is written to the cache.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { printedBy, pageBlock } from "../dev/page-blocks.ts";
import { Project, RECORDINGS } from "../test-command/project.ts";

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const OTHER = "qwen2.5-7b-instruct";
const CACHED = "(cached: nothing changed since these tests passed; --no-cache runs them again)";
const KEY = "sk-test-0123456789abcdef0123456789abcdef";

/** The example with its model read from JADPO_MODEL, and a recording that remembers the default model. */
const example = disposedAfterEach(() => {
  const project = Project.example();
  project.write("app.jadpo", project.read("app.jadpo").replace(`model: "${MODEL}"`, `model: env("JADPO_MODEL", "${MODEL}")`));
  const recording = { answer: { reply: "{Text}", resolved_by_articles: false }, asked: { fixture: "questions.sesame", model: MODEL, values: "cd84ac4a" }, version: "answer_question@b44ecc53" };
  project.write(`${RECORDINGS}/sesame.json`, JSON.stringify(recording));
  return project;
});

const other = { JADPO_MODEL: OTHER };
const drift = `was made with ${MODEL}, now ${OTHER}`;

describe("a kept test run and the connection's variables", () => {
  it("runs again when a variable is set that the kept run didn't have: --fail-on-alert fails", async () => {
    const project = example();
    const kept = await project.test(["--fail-on-alert"]);
    expect(kept.code).toBe(0);
    expect((await project.test(["--fail-on-alert"])).stdout).toContain(CACHED);
    const changed = await project.test(["--fail-on-alert"], other);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(drift);
    expect(changed.stdout).not.toContain("cached");
    // Without --fail-on-alert the alert is shown, never hidden by the kept run.
    const shown = await project.test([], other);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(drift);
    expect(shown.stdout).not.toContain("cached");
  });

  it("prints docs/testing.md's model-drift blocks, and docs/cli.md's session up to its `…`", async () => {
    const project = example();
    const lines = (text: string) => text.trimEnd().split("\n");
    const drift = (first: string) => pageBlock("docs/testing.md", "▲ alert  `answer_question`'s recording `sesame`", first);
    expect(lines((await project.test([], { JADPO_MODEL: "qwen2.5-7b" })).stdout)).toEqual(drift("✓ 27 passed"));
    expect(lines((await project.test(["--fail-on-alert"], { JADPO_MODEL: "qwen2.5-7b" })).stdout)).toEqual(drift("test failed: 1 alert"));
    const session = (command: string) => printedBy("docs/cli.md", command).map((line) => line.replace(/…$/, ""));
    const kept = lines((await project.test(["--fail-on-alert"])).stdout);
    expect(kept).toEqual(session("jadpo test --fail-on-alert"));
    const changed = lines((await project.test(["--fail-on-alert"], other)).stdout);
    const shown = session(`JADPO_MODEL=${OTHER} jadpo test --fail-on-alert`);
    // The page cuts the alert short with `…`: each shown line starts the printed one.
    expect(changed.map((line, i) => line.slice(0, shown[i]?.length))).toEqual(shown);
  });

  it("never replays a kept alert once the variable is gone", async () => {
    const project = example();
    expect((await project.test([], other)).stdout).toContain(drift);
    const again = await project.test([], other);
    expect(again.stdout).toContain(drift);
    expect(again.stdout).toContain(CACHED);
    const unset = await project.test(["--reporter", "json"]);
    expect(unset.code).toBe(0);
    const report = JSON.parse(unset.stdout);
    expect(report.alerts).toEqual([]);
    expect(report.cached).toBeUndefined();
    expect((await project.test(["--fail-on-alert"], other)).code).toBe(1);
    expect((await project.test(["--fail-on-alert"])).code).toBe(0);
  });

  it("keeps a run for each set of values side by side, and treats a variable set to \"\" as set", async () => {
    const project = example();
    await project.test();
    await project.test([], other);
    expect((await project.test()).stdout).toContain(CACHED);
    expect((await project.test([], other)).stdout).toContain(CACHED);
    // `env("NAME", "default")` with NAME set to "" is "": another model than the default.
    const empty = await project.test(["--fail-on-alert"], { JADPO_MODEL: "" });
    expect(empty.stdout).not.toContain("cached");
    // The key's variable too: another key is another run.
    expect((await project.test([], { JADPO_AI_KEY: KEY })).stdout).not.toContain("cached");
    expect((await project.test([], { JADPO_AI_KEY: KEY })).stdout).toContain(CACHED);
  });

  it("writes no variable's value to the cache", async () => {
    const project = example();
    await project.test([], { JADPO_AI_KEY: KEY, JADPO_MODEL: OTHER });
    const dir = join(project.root, ".jadpo/cache");
    const stored = readdirSync(dir).map((name) => readFileSync(join(dir, name), "utf8")).join("\n");
    expect(stored).toContain("JADPO_AI_KEY");
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(KEY.slice(3, 19));
  });
});
