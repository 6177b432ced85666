// The name table an editor's references and rename read: each named thing's declaration and
// every place its name is written, resolved as the checker resolved it — across files, through
// a prompt's two spellings, fields through the record's type, locals by where they're declared,
// a fixture named by a recording — and the same whether bodies' facts were kept or found on demand.
import { describe, expect, test } from "vitest";
import { compileSources } from "../../src/testing/compile-sources.ts";
import { nameIndex } from "../../src/workspace/name-index.ts";
import type { CheckOptions } from "../../src/check/check-program.ts";

const FILES: Record<string, string> = {
  "app.jadpo": "",
  "domains/shop/types.jadpo": "type Order = Object {\n    code: Text\n    size: Size\n}\n\ntype Size = Enum { small large }\n",
  "domains/shop/prompts.jadpo": 'prompt describe_order(order: Order) {\n    text: "Describe {order.code}."\n}\n',
  "domains/shop/orders.jadpo": [
    "function label(order: Order) -> Text {",
    "    var code = order.code",
    "    return match order.size {",
    '        Size.small => code + "S"',
    "        Size.large => code",
    "    }",
    "}",
    "",
    "action describe(order: Order) -> Text {",
    "    return match ai.generate(DescribeOrder { order: order }, as: Text) {",
    "        success(text) => text",
    '        failure _ => "?"',
    "    }",
    "}",
    "",
    "fixtures orders {",
    '    small -> Order { return Order { code: "A"  size: Size.small } }',
    "}",
    "",
  ].join("\n"),
  "domains/shop/orders.test.jadpo": [
    'test "a label" {',
    "    fakes: {",
    '        ai.describe_order: ["An order."]',
    "    }",
    '    assert label(orders.small) == "AS"',
    "    var asked: List<DescribeOrder> = ai.describe_order.requests",
    "    assert list.count(asked) == 0",
    "}",
    "",
  ].join("\n"),
  "domains/shop/when.test.jadpo": [
    'test "by order" {',
    "    fakes: {",
    '        ai.describe_order: [when { order: Order { code: "A"  size: Size.small } } => "An order."]',
    "    }",
    '    assert describe(orders.small) == "An order."',
    "    assert ai.describe_order.retries == 0",
    "}",
    "",
  ].join("\n"),
  "domains/shop/recordings/describe_order/small.json": '{\n  "answer": "{Text}",\n  "asked": { "fixture": "orders.small" },\n  "version": "describe_order@00000000"\n}\n',
};

/** Every place the name declared at `needle` (in `file`) is written: `file:line:column text`. */
function placesOf(options: CheckOptions, file: string, needle: string, shift = 0): string[] {
  const result = compileSources(FILES, undefined, options);
  const index = nameIndex(result);
  const offset = FILES[file].indexOf(needle) + shift;
  const at = index.at(file, offset);
  if (!at) return [];
  return (index.occurrences.get(at.key) ?? []).map((o) => `${o.span.file}:${o.span.line}:${o.span.column} ${FILES[o.span.file].slice(o.span.start, o.span.end)}${o.declaration ? " (declared)" : ""}`);
}

describe.each<[string, CheckOptions]>([["facts kept", { toRun: false, keepFacts: true }], ["facts on demand", { toRun: true, factsOnDemand: true }]])("the name table (%s)", (_, options) => {
  test("a type: its declaration, parameters, results, record literals and a fixture", () => {
    expect(placesOf(options, "domains/shop/types.jadpo", "Order =")).toEqual([
      "domains/shop/orders.jadpo:1:23 Order",
      "domains/shop/orders.jadpo:9:24 Order",
      "domains/shop/orders.jadpo:17:14 Order",
      "domains/shop/orders.jadpo:17:29 Order",
      "domains/shop/prompts.jadpo:1:30 Order",
      "domains/shop/types.jadpo:1:6 Order (declared)",
      "domains/shop/when.test.jadpo:3:43 Order",
    ]);
  });

  test("a field, through accesses and literals; an enum member through values and patterns", () => {
    expect(placesOf(options, "domains/shop/types.jadpo", "code: Text")).toEqual([
      "domains/shop/orders.jadpo:2:22 code",
      "domains/shop/orders.jadpo:17:37 code",
      "domains/shop/types.jadpo:2:5 code (declared)",
      "domains/shop/when.test.jadpo:3:51 code",
    ]);
    expect(placesOf(options, "domains/shop/types.jadpo", "small large")).toEqual([
      "domains/shop/orders.jadpo:4:14 small",
      "domains/shop/orders.jadpo:17:59 small",
      "domains/shop/types.jadpo:6:20 small (declared)",
      "domains/shop/when.test.jadpo:3:73 small",
    ]);
  });

  test("a prompt as declared, as its values type, as `ai.<prompt>` keys and uses, and in its recording's version", () => {
    expect(placesOf(options, "domains/shop/prompts.jadpo", "describe_order")).toEqual([
      "domains/shop/orders.jadpo:10:30 DescribeOrder",
      "domains/shop/orders.test.jadpo:3:12 describe_order",
      "domains/shop/orders.test.jadpo:6:21 DescribeOrder",
      "domains/shop/orders.test.jadpo:6:41 describe_order",
      "domains/shop/prompts.jadpo:1:8 describe_order (declared)",
      "domains/shop/when.test.jadpo:3:12 describe_order",
      "domains/shop/when.test.jadpo:6:15 describe_order",
      "domains/shop/recordings/describe_order/small.json:4:15 describe_order",
    ]);
  });

  test("a prompt's parameter: the field of its values, in literals and in `when` items", () => {
    expect(placesOf(options, "domains/shop/prompts.jadpo", "order: Order")).toEqual([
      "domains/shop/orders.jadpo:10:46 order",
      "domains/shop/prompts.jadpo:1:23 order (declared)",
      "domains/shop/prompts.jadpo:2:22 order",
      "domains/shop/when.test.jadpo:3:36 order",
    ]);
  });

  test("a local and a parameter, by where they are declared; a fixture, named by a recording", () => {
    expect(placesOf(options, "domains/shop/orders.jadpo", "var code", 4)).toEqual([
      "domains/shop/orders.jadpo:2:9 code (declared)",
      "domains/shop/orders.jadpo:4:23 code",
      "domains/shop/orders.jadpo:5:23 code",
    ]);
    expect(placesOf(options, "domains/shop/orders.jadpo", "describe(order", 9)).toEqual([
      "domains/shop/orders.jadpo:9:17 order (declared)",
      "domains/shop/orders.jadpo:10:53 order",
    ]);
    expect(placesOf(options, "domains/shop/orders.jadpo", "small ->")).toEqual([
      "domains/shop/orders.jadpo:17:5 small (declared)",
      "domains/shop/orders.test.jadpo:5:25 small",
      "domains/shop/when.test.jadpo:5:28 small",
      "domains/shop/recordings/describe_order/small.json:3:33 small",
    ]);
  });
});
