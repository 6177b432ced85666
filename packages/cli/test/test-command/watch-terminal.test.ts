// `jadpo test --watch` in a pseudo-terminal (util-linux `script`), as a person runs it: a status
// line after each run, only the tests a change affects rerun (through `use` edges, and a
// recording's own test and the tests answering with it), `a` reruns all, `q` quits. The first two
// status lines are docs/testing.md's, as the page shows them.
import { beforeAll, describe, expect, it } from "vitest";
import { pageBlock } from "../dev/page-blocks.ts";
import { buildCli } from "../support/build-cli.ts";
import { disposedAfterEach } from "../support/example.ts";
import { RunningJadpo, waitUntil } from "../support/jadpo.ts";
import { Project } from "./project.ts";

const example = disposedAfterEach(() => Project.example());
const [FIRST_STATUS, CHANGED_STATUS] = pageBlock("docs/testing.md", "watching · ");

/** A pattern matching `line` as a whole line of the output. */
const wholeLine = (line: string) => new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m");

beforeAll(() => buildCli());

/** The output without a terminal's carriage returns. */
const text = (watching: RunningJadpo) => watching.stdout.replace(/\r/g, "");

/** The test lines of the verbose report printed after `marker`, durations dropped. */
function testsAfter(output: string, marker: string): string[] {
  const from = output.lastIndexOf(marker);
  const run = output.slice(from + marker.length).split("\nwatching · ")[0];
  return run.split("\n").filter((line) => /^ {2}[✓✗] /.test(line)).map((line) => line.replace(/ {2}[0-9.]+m?s$/, ""));
}

describe("jadpo test --watch in a terminal", () => {
  it("prints a status line after each run, reruns only the affected tests, and takes a and q", async () => {
    const project = example();
    const watching = new RunningJadpo(["test", "--watch", "--reporter", "verbose"], { cwd: project.root, terminal: true });
    try {
      await watching.waitFor(wholeLine(FIRST_STATUS));

      // greeting.jadpo is reached only by greeting.jadpotest (its folder module).
      project.write("domains/support/functions/greeting.jadpo", project.read("domains/support/functions/greeting.jadpo").replace('"Hello"', '"Hallo"'));
      const changed = CHANGED_STATUS;
      expect(changed).toContain("· changed domains/support/functions/greeting.jadpo ·");
      await watching.waitFor(wholeLine(changed));
      const afterFirst = text(watching).split(changed)[0];
      expect(testsAfter(afterFirst, "q quit\n")).toEqual(["  ✗ each locale is greeted in its own language"]);
      expect(afterFirst).toContain("test failed: 1 failed, 1 function test\n");

      // A recording: its own test, and the test that answers with it.
      const recording = "domains/support/prompts/recordings/answer_question/not_covered.json";
      project.write(recording, `${project.read(recording)}\n`);
      const status = `watching · changed ${recording} · 2 tests rerun · a rerun all · q quit`;
      await watching.waitFor(wholeLine(status));
      expect(testsAfter(text(watching).split(status)[0], changed)).toEqual([
        "  ✓ a question the articles don't answer goes to a person",
        "  ✓ answer_question's not_covered recording decodes",
      ]);

      watching.press("a");
      await watching.waitFor(/^watching · all 27 tests rerun · a rerun all · q quit$/m);
      expect(text(watching)).toContain("test failed: 1 failed, 26 passed, 24 action tests · 1 function test · 2 recording tests\n");

      watching.press("q");
      await waitUntil("jadpo to quit", () => watching.exited);
      // The last run failed: quitting exits with its code.
      expect(watching.code).toBe(1);
    } finally {
      await watching.stop();
    }
  });
});
