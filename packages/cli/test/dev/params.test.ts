// How a `jadpo dev` request's body becomes an action's parameters: each decoded as its type, and
// the first problem named by its rule and path.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageCounter } from "@jadpo/runtime/dev";
import { readParams } from "../../src/commands/dev/params.ts";
import { buildProject } from "../../src/commands/dev/build.ts";
import { repo } from "../support/jadpo.ts";

const example = join(repo, "examples/support");

describe("readParams", () => {
  const built = buildProject(example, { root: example, env: {}, recordingKey: () => null, usage: new UsageCounter(example) });
  if (!built.ok) throw new Error("the example app doesn't build");
  const action = built.build.actions.get("answer_customer")!;

  it("decodes each parameter as its type", () => {
    expect(readParams(action, JSON.stringify({ question: "Sesame?" }))).toEqual({ ok: true, args: ["Sesame?"] });
  });

  it("names the rule and the path of the first problem", () => {
    const fail = (body: string) => {
      const read = readParams(action, body);
      return read.ok ? "decoded" : read.message;
    };
    expect(fail("[1]")).toBe("The request body must be a JSON object with `answer_customer`'s parameters");
    expect(fail("")).toMatch(/^The request body is not JSON/);
    expect(fail(JSON.stringify({ question: "x".repeat(2001) }))).toBe("`max_length` on `question`: expected at most 2000 characters, got 2001 characters");
    expect(fail(JSON.stringify({ question: null }))).toMatch(/^`type` on `question`/);
  });
});
