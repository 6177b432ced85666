// `jadpo test` as a vitest user expects it, end to end: `-t`, `--bail`,
// the verbose reporter, several reporters with `--output reporter=file`, FAIL blocks with code
// frames and diffs, faults at their expression, colour when forced, and the json report against
// its published schema for any worker count.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { disposedAfterEach } from "../support/example.ts";
import { repo, runJadpo, RunningJadpo } from "../support/jadpo.ts";
import { schemaErrors } from "../support/json-schema.ts";
import { Project, withoutDurations } from "./project.ts";
import { findAll, parseXml } from "./xml.ts";

const PEOPLE = `type Address = Object {
    city: Text
    zip: Text
}

type Person = Object {
    name: Text
    address: Address
    tags: List<Text>
}

type Short = Text { max_length: 3 }

function shorten(t: Text) -> Short {
    var s: Short = Short(t)
    return s
}
`;

const PEOPLE_TESTS = `test "two people compare" {
    var a = Person { name: "Ann"  address: Address { city: "Paris"  zip: "75001" }  tags: ["x", "y"] }
    var b = Person { name: "Ann"  address: Address { city: "Lyon"  zip: "75001" }  tags: ["x", "y"] }
    assert a == b
}

test "a fault in a function" {
    assert shorten("long text") == "lon"
}

test "a passing one" {
    assert 1 == 1
}
`;

const TESTS_FILE = "domains/support/people.jadpotest";

/** The example with a third file of tests: two fail (a record diff, a runtime fault), one passes. */
function withPeople(project: Project): Project {
  return project.write("domains/support/people.jadpo", PEOPLE).write(TESTS_FILE, PEOPLE_TESTS);
}

const example = disposedAfterEach(() => Project.example());
const ALL = "24 action tests · 1 function test · 2 recording tests";

beforeAll(() => buildCli());

describe("-t, --name", () => {
  it("runs only the tests whose name contains the text", async () => {
    const run = await example().test(["-t", "refusal"]);
    expect(run.stdout).toBe("✓ 1 passed  1 action test\n");
    expect(run.code).toBe(0);
  });

  it("takes a /regex/ with flags", async () => {
    const project = example();
    const run = await project.test(["--name", "/^A QUESTION (THE|WITH) /i", "--reporter", "json"]);
    const names = (JSON.parse(run.stdout) as { tests: { name: string }[] }).tests.map((test) => test.name);
    expect(names).toEqual([
      "a question the model answers",
      "a question the articles don't answer goes to a person",
      "a question with no script is answered with a generated answer",
      "a question with no script looks one order up, then answers",
      "a question the model embeds like an article finds that article, whatever their words",
    ]);
    expect(run.code).toBe(0);
  });

  it("says when no name matches, and refuses a regex that isn't one", async () => {
    const project = example();
    const none = await project.test(["-t", "zebra"]);
    expect(none.stdout).toContain("error: No tests found named like `zebra`\n");
    expect(none.code).toBe(1);
    const bad = await project.test(["-t", "/(/"]);
    expect(bad.stderr).toBe(
      "error: `--name` takes a text, or a regular expression between slashes, not `/(/`\n" +
      "  reason: A flag's value must be one its `--help` line describes.\n" +
      "  next: Write `--name /^a refus/`, say (human)\n" +
      "  rule: cli.bad_option\n",
    );
    expect(bad.code).toBe(2);
  });
});

describe("--bail", () => {
  it("stops after the first failure and counts the rest as skipped, in plain, json and junit", async () => {
    const project = withPeople(example());
    const plain = await project.test(["--bail"]);
    // Plan order: answer_customer's 7, answer_customer_order's 8, answer_network's 2, nearest_article's 7, greeting's 1, then people: the diff fails first.
    expect(plain.stdout).toMatch(/^FAIL {2}two people compare --> domains\/support\/people\.jadpotest:4\n/);
    expect(plain.stdout).not.toContain("a fault in a function");
    expect(plain.stdout.split("\n").at(-2)).toBe("test failed: 1 failed, 25 passed, 4 skipped, 24 action tests · 1 function test · 3 tests · 2 recording tests");
    expect(plain.code).toBe(1);

    const json = JSON.parse((await project.test(["--bail", "--reporter", "json"])).stdout) as {
      summary: { passed: number; failed: number; skipped: number }; tests: { name: string; status: string }[];
    };
    expect(json.summary).toMatchObject({ passed: 25, failed: 1, skipped: 4 });
    expect(json.tests.filter((test) => test.status === "skipped").map((test) => test.name)).toEqual([
      "a fault in a function", "a passing one", "answer_question's not_covered recording decodes", "answer_question's sesame recording decodes",
    ]);

    const xml = parseXml((await project.test(["--bail", "1", "--reporter", "junit"])).stdout);
    const suites = findAll(xml, "testsuites");
    expect(suites[0].attributes).toMatchObject({ tests: "30", failures: "1", skipped: "4" });
    expect(findAll(xml, "skipped")).toHaveLength(4);
  });

  it("takes a count, and a path after a bare --bail is a path", async () => {
    const project = withPeople(example());
    const two = await project.test(["--bail", "2"]);
    expect(two.stdout.split("\n").at(-2)).toBe("test failed: 2 failed, 25 passed, 3 skipped, 24 action tests · 1 function test · 3 tests · 2 recording tests");
    const path = await project.test(["--bail", TESTS_FILE]);
    expect(path.stdout.split("\n").at(-2)).toBe("test failed: 1 failed, 2 skipped, 3 tests");
  });
});

describe("--reporter verbose", () => {
  it("lists each test under its file with its duration, then the FAIL blocks, the summary and the run's duration", async () => {
    const run = await withPeople(example()).test(["--reporter", "verbose", TESTS_FILE]);
    const text = run.stdout.replace(/ {2}[0-9.]+m?s$/gm, "  <time>");
    expect(text).toMatch(
      /^domains\/support\/people\.jadpotest\n {2}✗ two people compare {2}<time>\n {2}✗ a fault in a function {2}<time>\n {2}✓ a passing one {2}<time>\n\nFAIL {2}two people compare/,
    );
    expect(text).toContain("\n  diff: (- expected, + got)\n");
    expect(text.endsWith("test failed: 2 failed, 1 passed, 3 tests\nDuration  <time>\n")).toBe(true);
    expect(run.code).toBe(1);
  });
});

describe("--reporter verbose, live", () => {
  const SLOW = "function fib(n: Int) -> Int {\n    if n < 2 {\n        return n\n    }\n    return fib(n - 1) + fib(n - 2)\n}\n";

  it("prints each test's line as it finishes, before the run ends", async () => {
    const project = example();
    project.write("domains/live/a_quick.jadpotest", 'test "quick" {\n    assert 1 + 1 == 2\n}\n');
    project.write("domains/live/z_slow.jadpotest", `${SLOW}\ntest "slow" {\n    assert fib(60) > 0\n}\n`);
    const jadpo = new RunningJadpo(["test", "--reporter", "verbose", "--test-timeout", "3s", "domains/live"], { cwd: project.root });
    await jadpo.waitFor(/✓ quick/);
    // The slow test runs until its time limit: the quick one's line came first.
    expect(jadpo.exited).toBe(false);
    expect(jadpo.stdout).toMatch(/^domains\/live\/a_quick\.jadpotest\n {2}✓ quick {2}[0-9.]+m?s\n$/);
    await jadpo.waitFor(/Duration/);
    expect(jadpo.stdout).toContain("rule: test.timed_out");
  });

  it("keeps the reports' order on standard output: after a report listed before it, its lines come at its turn", async () => {
    const project = example();
    const run = await project.test(["--reporter", "plain", "--reporter", "verbose"]);
    expect(run.stdout.startsWith(`✓ 27 passed  ${ALL}\ndomains/`)).toBe(true);
  });

  it("writes the same report to a file as to standard output", async () => {
    const project = withPeople(example());
    const shown = await project.test(["--reporter", "verbose", TESTS_FILE]);
    const written = await project.test(["--reporter", "verbose", "--output", "verbose=out/verbose.txt", TESTS_FILE]);
    expect(written.stdout).toBe("");
    const steady = (text: string) => text.replace(/ {2}[0-9.]+m?s$/gm, "  <time>");
    expect(steady(project.read("out/verbose.txt"))).toBe(steady(shown.stdout));
  });
});

describe("several reporters", () => {
  it("prints the console report and writes the junit file, in a folder it creates, from one run", async () => {
    const project = withPeople(example());
    const run = await project.test(["--reporter", "pretty", "--reporter", "junit", "--output", "junit=reports/ci/junit.xml"]);
    expect(run.stdout).toContain("FAIL  two people compare --> domains/support/people.jadpotest:4\n");
    expect(run.stdout.split("\n").at(-2)).toBe("test failed: 2 failed, 28 passed, 24 action tests · 1 function test · 3 tests · 2 recording tests");
    const xml = parseXml(readFileSync(join(project.root, "reports/ci/junit.xml"), "utf8"));
    expect(findAll(xml, "testsuites")[0].attributes).toMatchObject({ tests: "30", failures: "2", skipped: "0" });
    expect(findAll(xml, "testcase").map((testcase) => testcase.attributes.name)).toContain("two people compare");
    expect(run.code).toBe(1);
  });

  it("sends a bare --output to the one machine reporter, and adds a reporter named only in --output", async () => {
    const project = example();
    const bare = await project.test(["--reporter", "plain", "--reporter", "json", "--output", "out/report.json"]);
    expect(bare.stdout).toBe(`✓ 27 passed  ${ALL}\n`);
    expect(JSON.parse(project.read("out/report.json")).summary.passed).toBe(27);
    // The same run with other reporters: the passed run is shown again, through them.
    const added = await project.test(["--output", "junit=junit.xml"]);
    expect(added.stdout).toBe(`✓ 27 passed  ${ALL}\n(cached: nothing changed since these tests passed; --no-cache runs them again)\n`);
    expect(project.read("junit.xml")).toContain("<testsuites");
  });

  it("refuses a bare --output that could be any of them", async () => {
    const run = await example().test(["--reporter", "plain", "--reporter", "verbose", "--output", "r.txt"]);
    expect(run.stderr).toContain("error: `--output` takes `<reporter>=<file>` when plain or verbose all run, not `r.txt`\n");
    expect(run.code).toBe(2);
  });
});

describe("FAIL blocks", () => {
  it("pretty shows the failing statement's code frame and a diff of two records differing in one nested field", async () => {
    const run = await withPeople(example()).test(["--reporter", "pretty", `${TESTS_FILE}:1`]);
    expect(run.stdout).toBe(
      "FAIL  two people compare --> domains/support/people.jadpotest:4\n" +
      "  4 |     assert a == b\n" +
      "    |     ^^^^^^^^^^^^^\n" +
      "  assert: a == b\n" +
      '  got: Person { name: "Ann"  address: Address { city: "Paris"  zip: "75001" }  tags: ["x", "y"] }\n' +
      '  expected: Person { name: "Ann"  address: Address { city: "Lyon"  zip: "75001" }  tags: ["x", "y"] }\n' +
      "  diff: (- expected, + got)\n" +
      "      Person {\n" +
      '        name: "Ann"\n' +
      "        address: Address {\n" +
      '    -     city: "Lyon"\n' +
      '    +     city: "Paris"\n' +
      '          zip: "75001"\n' +
      "        }\n" +
      '        tags: ["x", "y"]\n' +
      "      }\n" +
      "  reason: A test passes only when every assertion holds.\n" +
      "  next: Fix the code under test, or the assertion if it is wrong (agent)\n" +
      "  rule: test.assertion_failed\n" +
      "  rerun: jadpo test domains/support/people.jadpotest:1 --seed 1\n" +
      "test failed: 1 failed, 1 test\n",
    );
  });

  it("plain keeps the got and expected lines alone", async () => {
    const run = await withPeople(example()).test([`${TESTS_FILE}:1`]);
    expect(run.stdout).not.toContain("diff:");
    expect(run.stdout).not.toContain(" | ");
  });

  it("places a runtime fault at the expression that faulted", async () => {
    const run = await withPeople(example()).test(["--reporter", "pretty", `${TESTS_FILE}:7`]);
    expect(run.stdout).toBe(
      "FAIL  a fault in a function --> domains/support/people.jadpo:15\n" +
      "  15 |     var s: Short = Short(t)\n" +
      "     |                    ^^^^^^^^\n" +
      '  note: `"long text"` breaks `max_length: 3` of `Short`\n' +
      "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.\n" +
      "  next: Check the value before converting it to `Short` (agent)\n" +
      "  rule: runtime.fault\n" +
      "  rerun: jadpo test domains/support/people.jadpotest:7 --seed 1\n" +
      "test failed: 1 failed, 1 test\n",
    );
  });
});

const ESC = "\u001b[";

describe("colour", () => {
  it("FORCE_COLOR and --color always colour every human reporter, piped", async () => {
    const project = withPeople(example());
    for (const reporter of ["plain", "pretty", "verbose"]) {
      expect((await project.test(["--reporter", reporter], { NO_COLOR: "", FORCE_COLOR: "1" })).stdout, reporter).toContain(ESC);
      expect((await project.test(["--reporter", reporter, "--color", "always"])).stdout, reporter).toContain(ESC);
    }
    const plain = (await project.test(["--color", "always"])).stdout;
    expect(plain).toContain(`${ESC}31m${ESC}1mtest failed:`);
    // Machine reports and files never are.
    expect((await project.test(["--reporter", "json", "--color", "always"])).stdout).not.toContain(ESC);
    await project.test(["--color", "always", "--output", "plain.txt"]);
    expect(project.read("plain.txt")).not.toContain(ESC);
    expect((await project.test([])).stdout).not.toContain(ESC);
  });

  it("FORCE_COLOR colours every diagnostic `jadpo check` prints, piped, not only its last line", () => {
    const project = example().write("domains/support/broken.jadpo", "function f() -> Int {\n    return \"no\"\n}\n");
    const run = runJadpo(["check"], { cwd: project.root, env: { NO_COLOR: "", FORCE_COLOR: "1" } });
    expect(run.stdout.split("\n")[0]).toMatch(/^\u001b\[31m\u001b\[1merror:/);
    expect(run.stdout).not.toContain(" | ");
    expect(run.stdout).toContain(`\n${ESC}31m${ESC}1mcheck failed:${ESC}22m${ESC}39m 1 error\n`);
    const plain = runJadpo(["check"], { cwd: project.root });
    expect(plain.stdout).not.toContain(ESC);
    expect(plain.stdout).toMatch(/\n {2}rule: type\.mismatch\ncheck failed: 1 error\n$/);
  });
});

describe("the json report", () => {
  const schema = JSON.parse(readFileSync(join(repo, "packages/cli/schema/test-report.schema.json"), "utf8"));

  it("keeps to its schema (passing, failing, bailed, compile errors, no tests, coverage and seeds) and is the same for any --workers", async () => {
    const project = withPeople(example());
    const reports = [
      (await project.test(["--reporter", "json"])).stdout,
      (await project.test(["--reporter", "json", "--bail"])).stdout,
      (await project.test(["--reporter", "json", "-t", "zebra"])).stdout,
      (await project.test(["--reporter", "json", "--coverage", "--seeds", "1..3", "--fail-on-alert"])).stdout,
      (await example().test(["--reporter", "json"])).stdout,
    ];
    for (const report of reports) expect(schemaErrors(schema, JSON.parse(report))).toEqual([]);
    const broken = example().write("domains/support/broken.jadpo", "function f() -> Int {\n    return \"no\"\n}\n");
    const compile = JSON.parse((await broken.test(["--reporter", "json"])).stdout);
    expect(schemaErrors(schema, compile)).toEqual([]);
    expect(compile.summary.text).toBe("test failed: 1 compile error");

    const one = withoutDurations((await project.test(["--reporter", "json", "--workers", "1"])).stdout);
    const four = withoutDurations((await project.test(["--reporter", "json", "--workers", "4"])).stdout);
    expect(four).toBe(one);
    const bailOne = withoutDurations((await project.test(["--reporter", "json", "--bail", "--workers", "1"])).stdout);
    expect(withoutDurations((await project.test(["--reporter", "json", "--bail", "--workers", "4"])).stdout)).toBe(bailOne);
  });
});

describe("outside a project", () => {
  it("`jadpo test` says there is none and how to make one", () => {
    const empty = mkdtempSync(join(tmpdir(), "jadpo-test-no-project-"));
    try {
      const run = runJadpo(["test"], { cwd: empty });
      expect(run.stdout).toBe([
        "error: No Jadpo project at or above `.`",
        "  reason: A project is the folder holding `app.jadpo`; commands find it by walking up from the path given.",
        "  next: Run the command inside a project or pass its path, or make a project with `jadpo init <folder>` (human)",
        "  rule: cli.no_project",
        "",
      ].join("\n"));
      expect(run.code).toBe(1);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
