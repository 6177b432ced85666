// How the checker types the library's functions for real code: results generic over types of one
// base, argument counts, the usual diagnostics, and the newer namespaces a fixtures group shadows.
import { describe, expect, test } from "vitest";
import type { Expr } from "../../src/syntax/ast.ts";
import { printType } from "../../src/types/print-type.ts";
import { checkSources, rendered } from "./check-sources.ts";

const shop = (source: string, extra: Record<string, string> = {}) => ({ "app.jadpo": "", "domains/shop/shop.jadpo": source, ...extra });

const TYPES = `type Word = Text { max_length: 10 }
type Stars = Int { min: 1 max: 5 }
type Price = Decimal { min: 0 }
type Tone = Enum { calm  cross }
type Tags = List<Word>
type Entry = Object {
    key: Int
}
`;

/** The type the checker gave `expr`'s text in `function f(...) -> ... { return <expr> }`. */
function typeOfReturn(params: string, expr: string): string {
  const source = `${TYPES}function f(${params}) -> Bool {\n    var r = ${expr}\n    return true\n}\n`;
  const checked = checkSources(shop(source));
  expect(rendered(checked.diagnostics)).toBe("");
  const file = checked.files.find((f) => f.path === "domains/shop/shop.jadpo")!;
  const call = findCall(file.syntax);
  return printType(checked.program.exprTypes.get(call!)!);
}

function findCall(node: unknown): Expr | null {
  if (typeof node !== "object" || node === null) return null;
  const record = node as Record<string, unknown>;
  if (record.kind === "var") return (record as unknown as { value: Expr }).value;
  for (const [key, value] of Object.entries(record)) {
    if (key === "span") continue;
    const found = findCall(value);
    if (found) return found;
  }
  return null;
}

describe("library results", () => {
  test.each([
    ["w: Word, n: Int", "text.take(w, n)", "Text"],
    ["w: Word", "text.drop(w, 2)", "Text"],
    ["w: Word", "text.slice(w, 1, 3)", "Text"],
    ["w: Word", "text.ends_with(w, \"x\")", "Bool"],
    ["w: Word", "text.index_of(w, \"x\")", "Int?"],
    ["w: Word", "text.replace(w, \"a\", \"b\")", "Text"],
    ["w: Word", "text.split(w, \",\")", "List<Text>"],
    ["w: Word", "text.to_int(w)", "Int?"],
    ["w: Word", "text.to_decimal(w)", "Decimal?"],
    ["s: Stars", "text.of(s)", "Text"],
    ["t: Tone", "text.of(t)", "Text"],
    ["", "text.of(Locale.en_gb)", "Text"],
    ["d: Duration", "text.of(d)", "Text"],
    ["i: Instant", "text.of(i)", "Text"],
    ["b: Bool", "text.of(b)", "Text"],
    ["", "text.of(1.5)", "Text"],
    ["tags: Tags", "list.last(tags)", "Word?"],
    ["tags: Tags", "list.take(tags, 2)", "List<Word>"],
    ["tags: Tags", "list.drop(tags, 2)", "List<Word>"],
    ["tags: Tags", "list.reverse(tags)", "List<Word>"],
    ["tags: Tags, more: List<Word>", "list.concat(tags, more)", "List<Word>"],
    ["tags: Tags", "list.concat(tags, [\"x\"])", "List<Word>"],
    ["tags: Tags", "list.index_of(tags, \"x\")", "Int?"],
    ["stars: List<Stars>", "list.sum(stars)", "Int"],
    ["prices: List<Price>", "list.sum(prices)", "Decimal"],
    ["", "list.sum([1, 2])", "Int"],
    ["stars: List<Stars>", "list.min(stars)", "Stars?"],
    ["tags: Tags", "list.max(tags)", "Word?"],
    ["ds: List<Duration>", "list.max(ds)", "Duration?"],
    ["is: List<Instant>", "list.sort(is)", "List<Instant>"],
    ["es: List<Entry>", "list.unique(es)", "List<Entry>"],
    ["s: Stars", "number.abs(s)", "Int"],
    ["p: Price", "number.max(p, 0)", "Decimal"],
    ["s: Stars, n: Int", "number.min(s, n)", "Int"],
    ["", "number.min(1.5, 2)", "Decimal"],
    ["p: Price", "decimal.round(p, 2)", "Decimal"],
    ["p: Price", "decimal.floor(p)", "Decimal"],
    ["", "decimal.ceil(1.5)", "Decimal"],
    ["p: Price", "int.round(p)", "Int"],
    ["x: Decimal", "int.floor(x)", "Int"],
    ["x: Decimal", "int.ceil(x)", "Int"],
  ])("(%s) %s is %s", (params, expr, type) => {
    expect(typeOfReturn(params, expr)).toBe(type);
  });
});

/** The one diagnostic a body gives, as plain text. */
function diagnosticsOf(params: string, expr: string): string[] {
  const source = `${TYPES}function f(${params}) -> Bool {\n    var r = ${expr}\n    return true\n}\n`;
  return checkSources(shop(source)).diagnostics.map((d) => `${d.rule}: ${d.summary}`);
}

describe("library diagnostics", () => {
  test.each([
    ["xs: List<Int>", "text.of(xs)", "type.mismatch: Expected `Int`, `Decimal`, `Instant`, `Duration`, `Text`, `Bool` or `Enum`, found `List<Int>`"],
    ["e: Entry", "text.of(e)", "type.mismatch: Expected `Int`, `Decimal`, `Instant`, `Duration`, `Text`, `Bool` or `Enum`, found `Entry`"],
    ["o: Int?", "text.of(o)", "type.mismatch: Expected `Int`, `Decimal`, `Instant`, `Duration`, `Text`, `Bool` or `Enum`, found `Int?`"],
    ["", "text.take(\"abc\")", "type.argument_count: `text.take` takes 2 arguments, found 1"],
    ["", "text.slice(\"abc\", 1)", "type.argument_count: `text.slice` takes 3 arguments, found 2"],
    ["n: Int", "text.take(n, 2)", "type.mismatch: Expected `Text`, found `Int`"],
    ["", "text.take(\"abc\", 1.5)", "type.mismatch: Expected `Int`, found `Decimal`"],
    ["ws: List<Text>", "list.sum(ws)", "type.mismatch: Expected `List<Int>` or `List<Decimal>`, found `List<Text>`"],
    ["bs: List<Bool>", "list.sort(bs)", "type.mismatch: Expected `List<Int>`, `List<Decimal>`, `List<Text>`, `List<Instant>` or `List<Duration>`, found `List<Bool>`"],
    ["es: List<Entry>", "list.min(es)", "type.mismatch: Expected `List<Int>`, `List<Decimal>`, `List<Text>`, `List<Instant>` or `List<Duration>`, found `List<Entry>`"],
    ["xs: List<Int>, ws: List<Text>", "list.concat(xs, ws)", "type.mismatch: Expected `List<Int>`, found `List<Text>`"],
    ["xs: List<Int>", "list.index_of(xs, \"a\")", "type.mismatch: Expected `Int`, found `Text`"],
    ["i: Int, d: Decimal", "number.min(i, d)", "type.mismatch: Expected `Int`, found `Decimal`"],
    ["w: Word", "number.abs(w)", "type.mismatch: Expected `Int` or `Decimal`, found `Word`"],
    ["i: Int", "decimal.round(i, 2)", "type.mismatch: Expected `Decimal`, found `Int`"],
    ["i: Int", "int.round(i)", "type.mismatch: Expected `Decimal`, found `Int`"],
    ["", "text.tak(\"abc\", 1)", "name.unknown: `text.tak` is not defined here"],
  ])("(%s) %s", (params, expr, message) => {
    const found = diagnosticsOf(params, expr);
    expect(found).toHaveLength(1);
    expect(found[0].startsWith(message), found[0]).toBe(true);
  });

  test("an unknown function suggests the nearest in its namespace", () => {
    const source = `function f() -> Int {\n    return int.rund(1.5)\n}\n`;
    expect(rendered(checkSources(shop(source)).diagnostics)).toContain("int.round");
  });
});

describe("the newer namespaces and fixtures groups", () => {
  const group = (name: string) => `fixtures ${name} {\n    one -> Int { return 1 }\n}\n`;

  test.each(["number", "int", "decimal"])("a fixtures group named `%s` shadows the namespace in the files that see it", (name) => {
    const tests = `test "t" {\n    assert ${name}.one == 1\n    assert ${name}.one() == 1\n}\n`;
    expect(rendered(checkSources(shop(group(name), { "domains/shop/shop.test.jadpo": tests })).diagnostics)).toBe("");
    // The library's functions are not the group's: `abs` is no fixture of it.
    const other = `test "t" {\n    assert ${name}.abs(1.5) == 1\n}\n`;
    const diagnostics = checkSources(shop(group(name), { "domains/shop/shop.test.jadpo": other })).diagnostics;
    expect(diagnostics.map((d) => `${d.rule}: ${d.summary}`)).toEqual([`name.unknown: \`${name}.abs\` is not defined here`]);
  });

  test("where no group of that name is seen, the namespace is the library's", () => {
    const elsewhere = { "domains/other/other.jadpo": group("number") };
    const source = `function f(x: Int) -> Int {\n    return number.abs(x)\n}\n`;
    expect(rendered(checkSources(shop(source, elsewhere)).diagnostics)).toBe("");
  });

  test.each(["text", "list"])("the library wins over a fixtures group named `%s`", (name) => {
    const call = name === "text" ? `text.length("ab") == 2` : `list.count([1]) == 1`;
    const tests = `test "t" {\n    assert ${call}\n}\n`;
    expect(rendered(checkSources(shop(group(name), { "domains/shop/shop.test.jadpo": tests })).diagnostics)).toBe("");
  });

  test("a local still shadows every namespace", () => {
    const source = `function f(number: Int, decimal: Decimal) -> Decimal {\n    var int = number + 1\n    return decimal\n}\n`;
    expect(rendered(checkSources(shop(source)).diagnostics)).toBe("");
  });
});
