// Helpers for `jadpo test` end to end: copies of the example app in temp folders, run with
// ../support/jadpo.ts (in this process; the built binary where worker threads are the point).
import { copyExample, ExampleCopy } from "../support/example.ts";
import { runJadpo, runJadpoHere, type Run } from "../support/jadpo.ts";

export class Project extends ExampleCopy {
  /** A copy of the example app in a new temp folder. */
  static example(): Project {
    return new Project(copyExample("jadpo-test-cmd-"));
  }

  /** `jadpo test <args>`, in this process. */
  test(args: string[] = [], env: Record<string, string> = {}, cwd = this.root): Promise<Run> {
    return runJadpoHere(["test", ...args], { cwd, env });
  }

  /** `jadpo test <args>` by the built binary: worker threads start only from its bundle. */
  testBinary(args: string[] = [], env: Record<string, string> = {}, cwd = this.root): Run {
    return runJadpo(["test", ...args], { cwd, env });
  }
}

export const RECORDINGS = "domains/support/prompts/recordings/answer_question";

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
