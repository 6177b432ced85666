// The probe's run-time defects through the built binary: a text past the engine's limit (D8), an
// Instant past the representable range (D13), a too-deep comparison (D17), and a test that would run
// for ever, stopped by `--test-timeout` while the run goes on (the observation).
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { runJadpoAsync, type Run } from "../support/jadpo.ts";

class Project extends ExampleCopy {
  static example(): Project {
    return new Project(copyExample("jadpo-hardening-run-"));
  }
  test(args: string[] = []): Promise<Run> {
    return runJadpoAsync(["test", "domains/stress", ...args], { cwd: this.root, timeoutMs: 90_000 });
  }
}

const project = disposedAfterEach(() => Project.example());

beforeAll(() => buildCli());

const LIB = [
  "function text_doubling(rounds: List<Int>) -> Text {",
  '    var mut t = "abcdefgh"',
  "    for r in rounds {",
  "        t = t + t",
  "    }",
  "    return t",
  "}",
  "",
  "type Node = Object {",
  "    next: Node?",
  "}",
  "",
  "function chain(n: List<Int>) -> Node {",
  "    var mut node = Node { next: none }",
  "    for i in n {",
  "        node = Node { next: node }",
  "    }",
  "    return node",
  "}",
  "",
  "function fib(n: Int) -> Int {",
  "    if n < 2 {",
  "        return n",
  "    }",
  "    return fib(n - 1) + fib(n - 2)",
  "}",
  "",
].join("\n");

/** `[1, 2, …, n]` as source. */
const upTo = (n: number): string => `[${Array.from({ length: n }, (_, i) => i + 1).join(", ")}]`;

function withTest(body: string): Project {
  return project()
    .write("domains/stress/lib.jadpo", LIB)
    .write("domains/stress/stress.jadpotest", `test "stress" {\n${body}\n}\n\ntest "quick" {\n    assert 1 == 1\n}\n`);
}

/** The FAIL block of `stress`, up to its rule line. */
function failBlock(run: Run): string {
  const start = run.stdout.indexOf("FAIL  stress");
  return run.stdout.slice(start, run.stdout.indexOf("\n", run.stdout.indexOf("  rule:", start)));
}

describe("runtime faults in fitting words", () => {
  it("a text past the engine's limit is runtime.fault text_too_long (D8)", async () => {
    const run = await withTest(`    assert text.length(text_doubling(${upTo(30)})) == 1`).test();
    expect(run.code).toBe(1);
    expect(failBlock(run)).toBe([
      "FAIL  stress --> domains/stress/lib.jadpo:4",
      "  note: The text would be 536870912 characters long, more than a text can hold",
      "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.",
      "  next: Build less text: a loop that doubles a text grows it past any limit quickly (agent)",
      "  rule: runtime.fault",
    ].join("\n"));
    expect(run.stdout).not.toContain("internal_error");
  });

  it("an Instant past the representable range is runtime.fault instant_range (D13)", async () => {
    const run = await withTest("    advance clock by 99999999999h\n    assert clock.now() == clock.now()").test();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("The instant would be outside the years -271821 to 275760, the range an `Instant` can hold");
    expect(run.stdout).not.toMatch(/got: \d{12,}/);
  });

  it("comparing a 16,000-deep chain is runtime.fault compare_depth, not a stack overflow (D17)", async () => {
    const run = await withTest(`    assert chain(${upTo(16_000)}) == chain(${upTo(16_000)})`).test();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("The values compared are nested too deeply to compare");
    expect(run.stdout).not.toContain("called itself too deeply");
  });
});

describe("--test-timeout", () => {
  it("stops a test that would run for ever, as test.timed_out, and the run goes on", async () => {
    const run = await withTest("    assert fib(60) == 1").test(["--test-timeout", "300ms"]);
    expect(run.code).toBe(1);
    expect(failBlock(run)).toBe([
      "FAIL  stress --> domains/stress/stress.jadpotest:2",
      "  note: The test ran longer than its time limit of 300ms",
      "  reason: A test that never ends would stop the whole run, so each test has a limit of wall time; the other tests still run.",
      "  next: Look for a loop or recursion that grows without end, or give slow tests more time with `--test-timeout 30s` (agent)",
      "  rule: test.timed_out",
    ].join("\n"));
    expect(run.stdout).toMatch(/1 failed.*1 passed|1 passed.*1 failed/);
  });

  it("refuses a duration it can't read", async () => {
    const run = await withTest("    assert 1 == 1").test(["--test-timeout", "soon"]);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toContain("a duration such as 500ms, 10s or 2m");
  });
});
