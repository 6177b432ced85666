// `--coverage`'s `retried`: listed after the call kind's outcomes at every call site when the
// connection retries, and counted once for each call any of whose requests was sent again.
import { describe, expect, it } from "vitest";
import { coverageAfter } from "../support/coverage.ts";
import { projectOf } from "../../src/testing/project.ts";
import { HELP_FILE } from "../fake/help-project.ts";
import { shopFiles } from "./retry-project.ts";

const TESTS = `
test "a generate call retried twice, then corrected" {
    fakes: {
        ai.answer_question: [unavailable, raw("Sure!"), rate_limited, Reply { resolved: true  text: "Yes." }]
    }
    var r = attempt ask("Sesame?")
}

test "a generate call not retried" {
    fakes: {
        ai.answer_question: [Reply { resolved: true  text: "Yes." }]
    }
    var r = attempt ask("Sesame?")
}

test "a generate call whose retries run out" {
    fakes: {
        ai.answer_question: [unavailable, unavailable, unavailable]
    }
    assert ask("Sesame?") fails AiTimedOut
}

test "a stream and an embedding retried" {
    fakes: {
        ai.chat: [unavailable, "Our bread."]
        ai.embed: [rate_limited(1s), [0.6, 0.0, 0.8]]
    }
    var s = talk("bread")
    var v = attempt vector_of("rye")
}
`;

/** Each call site's line, call kind and counts, after the named tests ran with coverage. */
async function coverageOf(names: string[], connection = "") {
  const sites = await coverageAfter(projectOf(shopFiles(TESTS, connection)), names);
  return sites.filter((site) => site.file === HELP_FILE).map((site) => ({ call: `${site.call} ${site.prompt ?? ""}`.trim(), outcomes: site.outcomes }));
}

describe("the coverage outcome retried", () => {
  it("comes after each call kind's outcomes, at every call site, under the default policy", async () => {
    const sites = await coverageOf([]);
    expect(sites.map((s) => [s.call, Object.keys(s.outcomes).at(-1)])).toEqual([
      ["generate answer_question", "retried"], ["generate summarise", "retried"], ["generate summarise", "retried"],
      ["generate classify", "retried"], ["stream chat", "retried"], ["embed", "retried"],
      // The tool prompt's loop outcomes follow its `retried`.
      ["generate order_question", "bad call"],
    ]);
    expect(Object.keys(sites[4].outcomes)).toEqual(["finished", "timed_out", "refused", "too_long", "over_budget", "retried"]);
    expect(Object.keys(sites[5].outcomes)).toEqual(["success", "refused", "timed_out", "over_budget", "too_long", "retried"]);
  });

  it("is counted once per call that retried, beside how it ended", async () => {
    const sites = await coverageOf([
      "a generate call retried twice, then corrected", "a generate call not retried", "a generate call whose retries run out", "a stream and an embedding retried",
    ]);
    expect(sites[0].outcomes).toMatchObject({ success: 1, corrected: 1, timed_out: 1, retried: 2 });
    expect(sites[4].outcomes).toMatchObject({ finished: 1, retried: 1 });
    expect(sites[5].outcomes).toMatchObject({ success: 1, retried: 1 });
  });

  it("is not listed where the connection's retries.max is 0", async () => {
    const sites = await coverageOf([], "    retries: { max: 0 }\n");
    expect(sites.every((s) => !("retried" in s.outcomes))).toBe(true);
  });
});
