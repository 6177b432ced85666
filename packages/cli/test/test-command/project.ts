// Helpers for `jadpo test` end to end: the BUILT binary on small projects in temp folders.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bin, copyExample, ExampleCopy, repo, type Run } from "../example-copy.ts";

export { buildCli } from "../build-cli.ts";
export { repo, type Run } from "../example-copy.ts";

export function jadpo(args: string[], cwd: string, env: Record<string, string> = {}): Run {
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env },
  });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

export class Project extends ExampleCopy {
  /** A copy of the example app in a new temp folder. */
  static example(): Project {
    return new Project(copyExample("jadpo-test-cmd-"));
  }

  test(args: string[] = [], env: Record<string, string> = {}, cwd = this.root): Run {
    return jadpo(["test", ...args], cwd, env);
  }
}

export const RECORDINGS = "domains/support/prompts/recordings/answer_question";

export function seedFixture(name: string): string {
  return readFileSync(join(repo, "packages/compiler/test/fixtures/seed", name), "utf8");
}

/** A JSON report with every `duration_ms` set to 0: what must be the same across runs. */
export function withoutDurations(json: string): string {
  return json.replace(/"duration_ms":[0-9.e+-]+/g, '"duration_ms":0');
}

/** A test that keeps a thread busy for a few milliseconds (so worker threads are worth starting). */
function busyTest(i: number): string {
  const items = Array.from({ length: 40 }, (_, n) => n).join(", ");
  return [
    `test "busy ${i}" {`,
    "    var mut total = 0",
    `    for a in [${items}] {`,
    `        for b in [${items}] {`,
    `            for c in [${items}] {`,
    `                total = total + a * b + c + ${i}`,
    "            }",
    "        }",
    "    }",
    "    var n: Int = random.int(1, 1000000)",
    "    assert total + n > 0",
    "}",
    "",
  ].join("\n");
}

/** `count` tests across files of `perFile` each, under `domains/support/functions/`: quick ones, or busy ones. */
export function manyTests(project: Project, count: number, perFile = 50, busy = false): void {
  for (let file = 0; file * perFile < count; file++) {
    const tests: string[] = [];
    for (let i = file * perFile; i < Math.min(count, (file + 1) * perFile); i++) {
      tests.push(busy ? busyTest(i) : `test "greets ${i}" {\n    var n: Int = random.int(1, 1000000)\n    assert n >= 1\n    assert greeting(Locale.en_gb) == "Hello"\n}\n`);
    }
    project.write(`domains/support/functions/many_${String(file).padStart(3, "0")}.jadpotest`, tests.join("\n"));
  }
}

/** A long-running `jadpo` (`test --watch`): its output so far, and a way to wait for more. */
export class Running {
  private output = "";
  private readonly child: ChildProcess;

  constructor(args: string[], cwd: string) {
    this.child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined } });
    this.child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString("utf8")));
    this.child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString("utf8")));
  }

  get stdout(): string {
    return this.output;
  }

  /** Waits until the output matches `pattern` `count` times (polling), or fails after `ms`. */
  async waitFor(pattern: RegExp, count = 1, ms = 30_000): Promise<void> {
    const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
    const started = Date.now();
    while ((this.output.match(global) ?? []).length < count) {
      if (Date.now() - started > ms) throw new Error(`timed out waiting for ${pattern} ×${count}; output so far:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(): void {
    this.child.kill();
  }
}
