// A connection's `retries:`, the transport failure items (`unavailable`, `rate_limited(…)`), and
// what a test reads of retries and usage (`ai.<prompt>.retries`, `.usage`, the prelude's `AiUsage`),
// as the checker sees them.
import { describe, expect, test } from "vitest";
import type { CheckedFakeItem } from "../../src/check/program.ts";
import { checkSources } from "./check-sources.ts";
import { ANSWERING, shop, STREAMING } from "./rule-cases/shared.ts";

const connection = (entries: string) => `connection model {\n    capability: ai\n${entries}}\n`;

const scripted = (key: string, items: string, body: string) =>
  `test "scripted" {\n    fakes: {\n        ${key}: [${items}]\n    }\n${body}}\n`;

/** The checked items of a test's only script. */
function itemsOf(files: Record<string, string>): CheckedFakeItem[] {
  const { program, diagnostics } = checkSources(files);
  expect(diagnostics).toEqual([]);
  return program.tests[0].fakes[0].items;
}

describe("a connection's retries:", () => {
  test("default to two retries from a one-second backoff", () => {
    const { program } = checkSources({ ...shop(ANSWERING), "app.jadpo": connection("") });
    expect(program.connection!.retries).toEqual({ max: 2, backoffMs: 1000 });
  });

  test("are resolved onto the checked connection, each entry defaulting alone", () => {
    const both = checkSources({ ...shop(ANSWERING), "app.jadpo": connection("    retries: { max: 5  backoff: 250ms }\n") });
    expect(both.diagnostics).toEqual([]);
    expect(both.program.connection!.retries).toEqual({ max: 5, backoffMs: 250 });
    const off = checkSources({ ...shop(ANSWERING), "app.jadpo": connection("    retries: { max: 0 }\n") });
    expect(off.diagnostics).toEqual([]);
    expect(off.program.connection!.retries).toEqual({ max: 0, backoffMs: 1000 });
  });

  test("a bad entry is one diagnostic, and the default stands in for it", () => {
    const { program, diagnostics } = checkSources({ ...shop(ANSWERING), "app.jadpo": connection("    retries: { max: -1  backoff: 2s }\n") });
    expect(diagnostics.map((d) => d.rule)).toEqual(["type.bad_entry"]);
    expect(program.connection!.retries).toEqual({ max: 2, backoffMs: 2000 });
  });
});

describe("transport failure items", () => {
  const test_ = (key: string, items: string, body: string) => ({ "domains/shop/answer.test.jadpo": scripted(key, items, body) });

  test("answer a generate prompt: unavailable, and rate_limited with or without its Retry-After", () => {
    const items = itemsOf(shop(ANSWERING, test_("ai.ask", `unavailable, rate_limited(20s), rate_limited, Answer { resolved: true  reply: "Hi" }`, `    var a = attempt answer("Hello?")\n`)));
    expect(items.map((i) => (i.kind === "transport" ? i.failure : i.kind))).toEqual([
      { word: "unavailable" }, { word: "rate_limited", retryAfterMs: 20_000 }, { word: "rate_limited", retryAfterMs: null }, "value",
    ]);
  });

  test("take no time unless they say `after`", () => {
    const items = itemsOf(shop(ANSWERING, test_("ai.ask", `unavailable, unavailable after 3s, Answer { resolved: true  reply: "Hi" }`, `    var a = attempt answer("Hello?")\n`)));
    expect(items.map((i) => i.afterMs)).toEqual([0, 3000, 0]);
  });

  test("answer a stream prompt and ai.embed too", () => {
    const stream = itemsOf(shop(STREAMING, test_("ai.ask", `rate_limited(1m), "Hi"`, `    var t = tell("Hello?")\n`)));
    expect(stream.map((i) => i.kind)).toEqual(["transport", "stream_text"]);
    const embed = itemsOf(shop(ANSWERING, test_("ai.embed", "unavailable, rate_limited", `    var e = attempt ai.embed("Hello?")\n`)));
    expect(embed.map((i) => (i.kind === "transport" ? i.failure.word : i.kind))).toEqual(["unavailable", "rate_limited"]);
  });

  test("are words only in an item's position: values, functions and types may still be named so", () => {
    const { diagnostics } = checkSources(shop(`${ANSWERING}
type Usage = Object {
    tokens: Int
}
function rate_limited(unavailable: Int) -> Usage {
    return Usage { tokens: unavailable }
}
`, { "domains/shop/shop.test.jadpo": `test "names" {\n    var unavailable = 2\n    assert rate_limited(unavailable).tokens == 2\n}\n` }));
    expect(diagnostics).toEqual([]);
  });
});

describe("ai.<prompt>.retries and .usage", () => {
  const reading = `    var a = attempt answer("Hello?")
    var retried: Int = ai.ask.retries
    var used: AiUsage = ai.ask.usage
    var embedded: Int = ai.embed.retries
    var spent: AiUsage = ai.embed.usage
    assert used.input_tokens + used.output_tokens + spent.input_tokens + retried + embedded >= 0
`;

  test("are an Int and an AiUsage, for a prompt and for ai.embed", () => {
    const { diagnostics } = checkSources(shop(ANSWERING, { "domains/shop/answer.test.jadpo": `test "read" {\n${reading}}\n` }));
    expect(diagnostics).toEqual([]);
  });

  test("stand only in test files", () => {
    const { diagnostics } = checkSources(shop(`${ANSWERING}
action used() -> Int {
    return ai.ask.retries + ai.ask.usage.input_tokens + ai.embed.usage.output_tokens
}
`));
    expect(diagnostics.map((d) => [d.rule, d.summary])).toEqual([
      ["test.test_only", "`ai.ask.retries` only stands in a test"],
      ["test.test_only", "`ai.ask.usage` only stands in a test"],
      ["test.test_only", "`ai.embed.usage` only stands in a test"],
    ]);
  });

  test("a misspelt one suggests what a test can read", () => {
    const { diagnostics } = checkSources(shop(ANSWERING, { "domains/shop/answer.test.jadpo": `test "read" {\n    var n = ai.ask.retires\n}\n` }));
    expect(diagnostics.map((d) => d.rule)).toEqual(["name.unknown"]);
    expect(diagnostics[0].next).toContain("`ai.ask.retries`");
  });
});
