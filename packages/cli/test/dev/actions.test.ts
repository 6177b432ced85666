// One action request in-process (no server): parameters decoded, the outcome mapped to HTTP —
// a result, a failure with its kind's status, a runtime fault — on a small project without AI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UsageCounter } from "@jadpo/runtime/dev";
import { answerAction } from "../../src/commands/dev/actions.ts";
import { buildProject, type DevBuild } from "../../src/commands/dev/build.ts";
import { STATUS_OF_KIND } from "../../src/http/statuses.ts";

const root = mkdtempSync(join(tmpdir(), "jadpo-dev-actions-"));
mkdirSync(join(root, "domains/shop"), { recursive: true });
writeFileSync(join(root, "app.jadpo"), 'locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }\n');
writeFileSync(
  join(root, "domains/shop/actions.jadpo"),
  `failure Missing { kind: NotFound  message: "There is no such thing." }
type Count = Int { min: 0 max: 10 }

action divide(a: Int, b: Int) -> Int {
    return a / b
}

action find(id: Count) fails Missing -> Count {
    if id == 0 {
        reject Missing
    }
    return id
}

action greet(name: Text?, locale: Locale) -> Text {
    return match name {
        some(n) => n
        none => "nobody"
    }
}

action ping() {
    var x = 1
}

function fib(n: Int) -> Int {
    if n < 2 {
        return n
    }
    return fib(n - 1) + fib(n - 2)
}

action slow(n: Int) -> Int {
    return fib(n)
}
`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const result = buildProject(root, { root, env: {}, recordingKey: () => null, usage: new UsageCounter(root) });
if (!result.ok) throw new Error(`the test project doesn't build: ${result.diagnostics.map((d) => d.summary).join("; ")}`);
const build: DevBuild = result.build;
const ask = (name: string, body: unknown) => answerAction(build, name, JSON.stringify(body), "req_test", (f) => f);

describe("answerAction", () => {
  it("answers 200 with the result as JSON", async () => {
    expect(await ask("divide", { a: 7, b: 2 })).toMatchObject({ status: 200, body: { result: 3 }, problem: null });
    expect((await ask("find", { id: 4 })).body).toEqual({ result: 4 });
    expect((await ask("ping", {})).body).toEqual({ result: null });
  });

  it("reads a missing optional parameter as none, and a Locale by its tag", async () => {
    expect((await ask("greet", { locale: "fr-FR" })).body).toEqual({ result: "nobody" });
    expect((await ask("greet", { name: "Ada", locale: "en-GB" })).body).toEqual({ result: "Ada" });
  });

  it("answers a failure with its kind's status, code and message", async () => {
    expect(await ask("find", { id: 0 })).toMatchObject({
      status: 404,
      body: { error: { code: "missing", message: "There is no such thing.", request_id: "req_test" } },
    });
  });

  it("answers a text parameter that isn't Unicode (a lone surrogate) with 400", async () => {
    const broken = await ask("greet", { name: "half \ud800", locale: "en-GB" });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      error: { code: "invalid_request", message: "`type` on `name`: expected Text?, got text that isn't Unicode (half of a surrogate pair)", request_id: "req_test" },
    });
  });

  it("answers a constraint broken by a parameter with 400", async () => {
    const broken = await ask("find", { id: 11 });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: { code: "invalid_request", message: "`max` on `id`: expected at most 10, got 11", request_id: "req_test" } });
  });

  it("stops an action past its time limit with a runtime fault, and the next request is answered", async () => {
    const slow = await answerAction(build, "slow", JSON.stringify({ n: 60 }), "req_test", (f) => f, { ms: 50, text: "50ms" });
    expect(slow.status).toBe(500);
    expect(slow.body).toEqual({ error: { code: "runtime_fault", message: "The action ran longer than its time limit of 50ms", request_id: "req_test" } });
    expect(slow.problem).toBe([
      "error: The action ran longer than its time limit of 50ms",
      "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.",
      "  next: Look for a loop or recursion that grows without end, or give actions more time with `jadpo dev --action-timeout 2m` (agent)",
      "  rule: runtime.fault",
    ].join("\n"));
    expect(await answerAction(build, "slow", JSON.stringify({ n: 10 }), "req_test", (f) => f, { ms: 50, text: "50ms" })).toMatchObject({ status: 200, body: { result: 55 } });
  });

  it("answers a runtime fault with 500 and prints it as a runtime.fault diagnostic", async () => {
    const fault = await ask("divide", { a: 1, b: 0 });
    expect(fault.status).toBe(500);
    expect((fault.body as { error: { code: string } }).error.code).toBe("runtime_fault");
    expect(fault.problem).toMatch(/^error: .* --> domains\/shop\/actions\.jadpo:5:\d+\n/);
    expect(fault.problem).toContain("rule: runtime.fault");
  });

  it("answers 404 for an action the project doesn't have", async () => {
    expect(await ask("refund", {})).toMatchObject({
      status: 404,
      body: { error: { code: "unknown_action", message: "`refund` is not an action of this project; its actions are `divide`, `find`, `greet`, `ping`, `slow`" } },
    });
  });

  it("maps every failure kind to the status docs/dev.md gives it", () => {
    expect(STATUS_OF_KIND).toEqual({
      InvalidRequest: 400, InvalidValue: 422, NotFound: 404, Conflict: 409, Rejected: 422,
      RateLimited: 429, Unavailable: 503, TimedOut: 504, InternalFault: 500,
    });
  });
});
