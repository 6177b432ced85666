// Every command jadpo prints (`rerun:`, `→`) works pasted in the folder it was printed in: run from
// the project's parent, its root and a subfolder, each printed command is run again there, through
// a shell, with `jadpo` on the PATH.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample } from "../support/example.ts";
import { bin, jadpoEnv, runJadpo, type Run } from "../support/jadpo.ts";

const parent = mkdtempSync(join(tmpdir(), "jadpo-paths-"));
const root = join(parent, "my app");
/** A folder holding a `jadpo` that runs the built binary, first on the PATH of every pasted command. */
const shims = join(parent, "bin");
const env = jadpoEnv({ PATH: [shims, dirname(process.execPath), process.env.PATH].join(delimiter) });

function jadpo(args: string[], cwd: string): Run {
  return runJadpo(args, { cwd, env });
}

/** A printed command, pasted into a shell in `cwd`. */
function pasted(command: string, cwd: string): Run {
  const r = spawnSync("sh", ["-c", command], { cwd, env, encoding: "utf8" });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

const printed = (output: string, prefix: RegExp) =>
  output.split("\n").flatMap((line) => {
    const m = prefix.exec(line);
    return m ? [m[1]] : [];
  });

beforeAll(() => {
  buildCli();
  mkdirSync(shims);
  writeFileSync(join(shims, "jadpo"), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(join(shims, "jadpo"), 0o755);
  const copy = copyExample("jadpo-paths-example-");
  spawnSync("mv", [copy, root]);
  // A failing test, and a prompt changed since its recordings were made (an alert and its remedy).
  writeFileSync(join(root, "domains/support/functions/greeting.jadpotest"), 'test "a greeting that fails" {\n    assert greeting(Locale.en_gb) == "Bonjour"\n}\n');
  const prompt = join(root, "domains/support/prompts/answer_question.jadpo");
  writeFileSync(prompt, readFileSync(prompt, "utf8").replace("help articles only.", "help articles only, briefly."));
}, 120_000);

afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("printed commands work pasted where they were printed", () => {
  const places: [string, () => string, string][] = [
    ["the project's parent", () => parent, "my app"],
    ["the project's root", () => root, "."],
    ["a subfolder of the project", () => join(root, "domains/support/actions"), "../../.."],
  ];
  for (const [place, cwd, given] of places) {
    it(`from ${place}`, () => {
      const run = jadpo(["test", given], cwd());
      expect(run.code).toBe(1);
      const reruns = printed(run.stdout, /^ {2}rerun: (.*)$/);
      expect(reruns).toHaveLength(1);
      const again = pasted(reruns[0], cwd());
      expect(again.stdout).toContain("FAIL  a greeting that fails --> ");
      expect(again.stdout).toContain("test failed: 1 failed, 1 function test");

      const remedies = printed(run.stdout, /^→ (.*?) {2}records it again from the prompt now(?: \(.*\))?$/);
      expect(remedies).toHaveLength(2);
      if (place === "the project's parent") expect(remedies[0]).toBe("cd 'my app' && jadpo ai record answer_question --as not_covered");
      else expect(remedies[0]).toBe("jadpo ai record answer_question --as not_covered");
      // It reaches the project and its prompt (no model or values here, so it stops at that).
      const record = pasted(remedies[0], cwd());
      expect(record.stdout + record.stderr).not.toContain("cli.no_project");
      expect(record.stdout).toContain("rule: ai.no_values");
    });
  }
});
