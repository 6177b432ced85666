// A slow run's progress line, in a pseudo-terminal (util-linux `script`) as a person sees it: one
// line rewritten in place once the run passes 2 s, erased before the report, so that the report is
// the same bytes as on a pipe; never with a machine reporter on the terminal, never on a pipe.
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { runJadpoAsync, RunningJadpo, waitUntil } from "../support/jadpo.ts";

class Project extends ExampleCopy {
  /** The example, plus a test that runs until its time limit stops it (past the 2 s). */
  static slow(): Project {
    return new Project(copyExample("jadpo-progress-"))
      .write("domains/stress/lib.jadpo", "function fib(n: Int) -> Int {\n    if n < 2 {\n        return n\n    }\n    return fib(n - 1) + fib(n - 2)\n}\n")
      .write("domains/stress/stress.jadpotest", 'test "stress" {\n    assert fib(60) == 1\n}\n\ntest "quick" {\n    assert 1 == 1\n}\n');
  }
}

const project = disposedAfterEach(() => Project.slow());

beforeAll(() => buildCli());

const ARGS = ["test", "--test-timeout", "2200ms", "--color", "never"];
const ERASE = "\r\x1b[2K";

async function inTerminal(root: string, args: string[]): Promise<string> {
  const running = new RunningJadpo(args, { cwd: root, terminal: true });
  try {
    await waitUntil("jadpo test to end", () => running.exited, 60_000);
    return running.stdout;
  } finally {
    await running.stop();
  }
}

describe("the progress line of a slow run", () => {
  it("shows on a terminal, is erased before the report, and leaves the report as on a pipe", async () => {
    const p = project();
    const args = [...ARGS, "--reporter", "plain"];
    // The two runs at once: each takes the slow test's time limit, on one core.
    const [shown, piped] = await Promise.all([inTerminal(p.root, args), runJadpoAsync(args, { cwd: p.root, timeoutMs: 60_000 })]);
    const lines = [...shown.matchAll(/\r\x1b\[2Krunning · (\d+) of 29 tests · (\d+\.\d)s/g)];
    expect(lines.length).toBeGreaterThan(0);
    for (const [, done, seconds] of lines) {
      expect(Number(done)).toBeLessThanOrEqual(29);
      expect(Number(seconds)).toBeGreaterThanOrEqual(2);
    }
    // The last line drawn is erased, and the report starts right there.
    const report = shown.slice(shown.lastIndexOf(ERASE) + ERASE.length);
    expect(report.startsWith("FAIL  stress --> domains/stress/stress.jadpotest:2")).toBe(true);

    expect(piped.stdout).not.toContain("running ·");
    expect(piped.stdout).not.toMatch(/[\r\x1b]/);
    // The terminal's newlines are \r\n; otherwise the same bytes.
    expect(report.replace(/\r\n/g, "\n")).toBe(piped.stdout);
  });

  it("never shows with a machine reporter on the terminal", async () => {
    const shown = await inTerminal(project().root, [...ARGS, "--reporter", "json"]);
    expect(shown).not.toContain("running ·");
    expect(JSON.parse(shown).summary.failed).toBe(1);
  });
});
