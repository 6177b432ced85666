// Node's own modules load before jadpo sets its V8 flags (build/v8-tuning.ts): once a flag is
// set, V8 refuses Node's embedded code cache and each module loaded later is compiled from its
// source. A probe wraps `setFlagsFromString` and lists the modules loaded after its first call.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { copyExample } from "../support/example.ts";
import { runJadpo } from "../support/jadpo.ts";

const PROBE = `data:text/javascript,${encodeURIComponent(`
import v8 from "node:v8";
const set = v8.setFlagsFromString;
let before = null;
v8.setFlagsFromString = (flag) => {
  before ??= new Set(process.moduleLoadList);
  return set(flag);
};
process.on("exit", () => {
  const after = before === null ? ["(no flag was set)"] : process.moduleLoadList.filter((name) => !before.has(name) && name.startsWith("NativeModule "));
  process.stderr.write("\\nloaded after the flags: " + JSON.stringify(after) + "\\n");
});`)}`;

// Without the example's own cache (.jadpo/), which a checkout may hold: copyExample leaves it out.
const project = copyExample("jadpo-builtins-");
afterAll(() => rmSync(project, { recursive: true, force: true }));

function loadedAfterFlags(args: string[]): string[] {
  // No project cache: the run compiles, as a cold one does.
  const run = runJadpo(args, { cwd: project, env: { JADPO_CACHE: "off" }, nodeArgs: ["--import", PROBE] });
  expect(run.code).toBe(0);
  const line = /loaded after the flags: (.*)$/m.exec(run.stderr);
  expect(line).not.toBeNull();
  return JSON.parse(line![1]) as string[];
}

describe("Node's modules a command uses", () => {
  it("are loaded before the V8 flags by a cold `jadpo test` (compiling, the network ban, standard output)", () => {
    expect(loadedAfterFlags(["test"])).toEqual([]);
  });

  it("are loaded before the V8 flags by `jadpo check`", () => {
    expect(loadedAfterFlags(["check"])).toEqual([]);
  });

  it("are loaded before the V8 flags by `jadpo fmt --check`", () => {
    expect(loadedAfterFlags(["fmt", "--check"])).toEqual([]);
  });
});
