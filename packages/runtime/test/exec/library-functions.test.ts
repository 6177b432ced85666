// The library's functions for real code (docs/language.md): each one's edge cases — empty texts
// and lists, clamping, negative and out-of-range positions, astral code points, `none` results,
// a stable sort, rounding halves and the ±(2^53−1) fault — as a Jadpo test sees them.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";

const SOURCE = `
type Word = Text { max_length: 10 }
type Stars = Int { min: 1 max: 5 }
type Price = Decimal { min: 0 }
type Tone = Enum { calm  cross }
type Tags = List<Word>
type Entry = Object {
    key: Int
    label: Text
}
`;

const TESTS = `
test "text.take, drop and slice clamp, in code points" {
    assert text.take("sourdough", 4) == "sour"
    assert text.take("sourdough", 0) == ""
    assert text.take("sourdough", -3) == ""
    assert text.take("sourdough", 99) == "sourdough"
    assert text.take("", 2) == ""
    assert text.take("👍🏽ok", 1) == "👍"
    assert text.take("a😀b", 2) == "a😀"
    assert text.drop("sourdough", 4) == "dough"
    assert text.drop("sourdough", -1) == "sourdough"
    assert text.drop("sourdough", 99) == ""
    assert text.drop("😀😀x", 2) == "x"
    assert text.slice("sourdough", 4, 9) == "dough"
    assert text.slice("sourdough", -5, 4) == "sour"
    assert text.slice("sourdough", 4, 99) == "dough"
    assert text.slice("sourdough", 5, 5) == ""
    assert text.slice("sourdough", 6, 2) == ""
    assert text.slice("", 0, 3) == ""
    assert text.slice("x😀y😀z", 1, 4) == "😀y😀"
    var w: Word = "rye"
    assert text.take(w, 2) == "ry"
}

test "text.ends_with and text.index_of" {
    assert text.ends_with("sourdough", "dough")
    assert not text.ends_with("sourdough", "sour")
    assert text.ends_with("sourdough", "")
    assert text.ends_with("", "")
    assert not text.ends_with("", "a")
    assert text.index_of("sourdough", "dough") == 4
    assert text.index_of("sourdough", "o") == 1
    assert text.index_of("sourdough", "rye") == none
    assert text.index_of("sourdough", "") == 0
    assert text.index_of("", "a") == none
    assert text.index_of("😀😀ab", "a") == 2
}

test "text.replace: every occurrence, left to right, not overlapping" {
    assert text.replace("a-b-c", "-", "+") == "a+b+c"
    assert text.replace("aaa", "aa", "b") == "ba"
    assert text.replace("rye", "x", "y") == "rye"
    assert text.replace("", "x", "y") == ""
    assert text.replace("😀 and 😀", "😀", "🙂") == "🙂 and 🙂"
    assert text.replace("abc", "b", "") == "ac"
}

test "text.replace of an empty text is a fault" {
    var t = text.replace("abc", "", "x")
}

test "text.split" {
    assert text.split("a,b,c", ",") == ["a", "b", "c"]
    assert text.split("abc", ",") == ["abc"]
    assert text.split("", ",") == [""]
    assert text.split(",a,", ",") == ["", "a", ""]
    assert text.split("a--b", "--") == ["a", "b"]
    assert text.split("a😀b", "") == ["a", "😀", "b"]
    assert text.split("", "") == []
}

test "text.to_int and text.to_decimal read the whole text, trimmed" {
    assert text.to_int("42") == 42
    assert text.to_int("  -7 ") == -7
    assert text.to_int("007") == 7
    assert text.to_int("-0") == 0
    assert text.to_int("9007199254740991") == 9007199254740991
    assert text.to_int("-9007199254740991") == -9007199254740991
    assert text.to_int("9007199254740992") == none
    assert text.to_int("-9007199254740992") == none
    assert text.to_int("+1") == none
    assert text.to_int("1e3") == none
    assert text.to_int("1_000") == none
    assert text.to_int("0x10") == none
    assert text.to_int("1.5") == none
    assert text.to_int("") == none
    assert text.to_int("-") == none
    assert text.to_int("Infinity") == none
    assert text.to_decimal("1.5") == 1.5
    assert text.to_decimal(" -0.25 ") == -0.25
    assert text.to_decimal("3") == 3.0
    assert text.to_decimal("1.") == none
    assert text.to_decimal(".5") == none
    assert text.to_decimal("1e-7") == none
    assert text.to_decimal("+1.5") == none
    assert text.to_decimal("Infinity") == none
    assert text.to_decimal("NaN") == none
    assert text.to_decimal("") == none
}

test "text.of each kind of value" {
    assert text.of(20) == "20"
    assert text.of(-3) == "-3"
    assert text.of(1.5) == "1.5"
    assert text.of(2.0) == "2"
    assert text.of(0.0000001) == "1e-7"
    assert text.of(-0.0) == "0"
    assert text.of(true) == "true"
    assert text.of(false) == "false"
    assert text.of("as is") == "as is"
    assert text.of(Tone.calm) == "calm"
    assert text.of(Locale.en_gb) == "en-GB"
    assert text.of(90s) == "90s"
    assert text.of(120s) == "2m"
    assert text.of(1500ms) == "1500ms"
    assert text.of(0s) == "0s"
    assert text.of(2h) == "2h"
    var s: Stars = 4
    assert "Ready in " + text.of(s) + " minutes" == "Ready in 4 minutes"
    var p: Price = 2.50
    assert text.of(p) == "2.5"
}

test "list.last, take, drop, reverse and concat" {
    var xs = [1, 2, 3]
    assert list.last(xs) == 3
    assert list.last([]) == none
    assert list.take(xs, 2) == [1, 2]
    assert list.take(xs, -1) == []
    assert list.take(xs, 9) == [1, 2, 3]
    assert list.drop(xs, 1) == [2, 3]
    assert list.drop(xs, -4) == [1, 2, 3]
    assert list.drop(xs, 3) == []
    assert list.take([], 2) == []
    assert list.reverse(xs) == [3, 2, 1]
    assert list.reverse([]) == []
    assert list.concat(xs, [4, 5]) == [1, 2, 3, 4, 5]
    assert list.concat([], xs) == xs
    assert xs == [1, 2, 3]
    var tags: Tags = ["a", "b"]
    assert list.concat(tags, tags) == ["a", "b", "a", "b"]
}

test "list.index_of and list.unique" {
    assert list.index_of([5, 6, 5], 5) == 0
    assert list.index_of([5, 6, 5], 6) == 1
    assert list.index_of([5, 6], 7) == none
    assert list.index_of([], 7) == none
    var a = Entry { key: 1  label: "a" }
    var b = Entry { key: 2  label: "b" }
    assert list.index_of([a, b], Entry { key: 2  label: "b" }) == 1
    assert list.unique([3, 1, 3, 2, 1]) == [3, 1, 2]
    assert list.unique(["b", "a", "b"]) == ["b", "a"]
    assert list.unique([]) == []
    assert list.unique([a, b, Entry { key: 1  label: "a" }]) == [a, b]
}

test "list.sum" {
    assert list.sum([1, 2, 3]) == 6
    assert list.sum([0.5, 0.25]) == 0.75
    var none_yet: List<Int> = []
    assert list.sum(none_yet) == 0
    var no_prices: List<Price> = []
    assert list.sum(no_prices) == 0.0
    var stars: List<Stars> = [4, 5]
    var total: Int = list.sum(stars)
    assert total == 9
    assert list.sum([9007199254740990, 1]) == 9007199254740991
    assert list.sum([-9007199254740990, -1]) == -9007199254740991
}

test "list.sum past the largest Int is a fault" {
    var big = list.sum([9007199254740991, 1])
}

test "list.sum past the smallest Int is a fault" {
    var small = list.sum([-9007199254740991, -1])
}

test "list.min, list.max and list.sort" {
    assert list.min([3, 1, 2]) == 1
    assert list.max([3, 1, 2]) == 3
    assert list.min([]) == none
    assert list.max([]) == none
    assert list.min([2.5, -1.5]) == -1.5
    assert list.max(["b", "a", "c"]) == "c"
    assert list.min([5m, 90s]) == 90s
    assert list.sort([3, 1, 2, 1]) == [1, 1, 2, 3]
    assert list.sort([]) == []
    assert list.sort(["b", "B", "a"]) == ["B", "a", "b"]
    assert list.sort(["😀", "ｚ", "z"]) == ["z", "ｚ", "😀"]
    assert list.max(["😀", "ｚ"]) == "😀"
    var w: List<Word> = ["rye", "oat"]
    assert list.sort(w) == ["oat", "rye"]
}

test "number.abs, min and max keep the operands' base" {
    assert number.abs(-3) == 3
    assert number.abs(3) == 3
    assert number.abs(-2.5) == 2.5
    assert number.abs(0) == 0
    assert number.min(2, 3) == 2
    assert number.max(2, 3) == 3
    assert number.min(-1.5, 2.0) == -1.5
    var s: Stars = 4
    var raised: Int = number.max(s, 5)
    assert raised == 5
    assert number.abs(-9007199254740991) == 9007199254740991
}

test "decimal.round on the number as written, half away from zero" {
    assert decimal.round(1.005, 2) == 1.01
    assert decimal.round(2.675, 2) == 2.68
    assert decimal.round(1.004, 2) == 1.0
    assert decimal.round(2.5, 0) == 3.0
    assert decimal.round(-2.5, 0) == -3.0
    assert decimal.round(0.5, 0) == 1.0
    assert decimal.round(-0.4, 0) == 0.0
    assert decimal.round(1.25, 1) == 1.3
    assert decimal.round(-1.25, 1) == -1.3
    assert decimal.round(0.0000001, 2) == 0.0
    assert decimal.round(0.0000005, 6) == 0.000001
    assert decimal.round(3.14159, 15) == 3.14159
    assert decimal.round(123.0, 0) == 123.0
    assert text.of(decimal.round(-0.4, 0)) == "0"
    assert decimal.floor(2.7) == 2.0
    assert decimal.floor(-2.2) == -3.0
    assert decimal.ceil(2.2) == 3.0
    assert decimal.ceil(-2.7) == -2.0
    assert text.of(decimal.ceil(-0.5)) == "0"
}

test "decimal.round to 16 places is a fault" {
    var r = decimal.round(1.5, 16)
}

test "decimal.round to -1 places is a fault" {
    var r = decimal.round(1.5, -1)
}

test "int.round, floor and ceil" {
    assert int.round(2.5) == 3
    assert int.round(-2.5) == -3
    assert int.round(2.4999) == 2
    assert int.round(-0.4) == 0
    assert int.floor(2.9) == 2
    assert int.floor(-2.1) == -3
    assert int.ceil(2.1) == 3
    assert int.ceil(-2.9) == -2
    assert int.round(9007199254740991.0) == 9007199254740991
    assert int.floor(-9007199254740991.0) == -9007199254740991
}

test "int.round past the largest Int is a fault" {
    var n = int.round(9007199254740992.0)
}

test "int.floor past the smallest Int is a fault" {
    var n = int.floor(-9007199254740993.5)
}
`;

describe("the library for real code", () => {
  const p = projectOf({ "domains/lib/lib.jadpo": SOURCE, "domains/lib/lib.test.jadpo": TESTS });

  it.each([
    "text.take, drop and slice clamp, in code points",
    "text.ends_with and text.index_of",
    "text.replace: every occurrence, left to right, not overlapping",
    "text.split",
    "text.to_int and text.to_decimal read the whole text, trimmed",
    "text.of each kind of value",
    "list.last, take, drop, reverse and concat",
    "list.index_of and list.unique",
    "list.sum",
    "list.min, list.max and list.sort",
    "number.abs, min and max keep the operands' base",
    "decimal.round on the number as written, half away from zero",
    "int.round, floor and ceil",
  ])("%s", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it.each([
    ["text.replace of an empty text is a fault", "var t = text.replace", "`text.replace` was asked to replace an empty text"],
    ["list.sum past the largest Int is a fault", "var big = list.sum", "Int overflow: the result is beyond ±9007199254740991"],
    ["list.sum past the smallest Int is a fault", "var small = list.sum", "Int overflow: the result is beyond ±9007199254740991"],
    ["decimal.round to 16 places is a fault", "decimal.round(1.5, 16)", "`decimal.round` was asked for 16 decimal places, outside 0 to 15"],
    ["decimal.round to -1 places is a fault", "decimal.round(1.5, -1)", "`decimal.round` was asked for -1 decimal places, outside 0 to 15"],
    ["int.round past the largest Int is a fault", "int.round(9007199254740992.0)", "Int overflow: the result is beyond ±9007199254740991"],
    ["int.floor past the smallest Int is a fault", "int.floor(-9007199254740993.5)", "Int overflow: the result is beyond ±9007199254740991"],
  ])("%s", async (name, line, summary) => {
    const result = await p.run(name);
    expect(result.diagnostics.map((d) => d.rule)).toEqual(["runtime.fault"]);
    expect(result.diagnostics[0].summary).toBe(summary);
    expect(result.diagnostics[0].span?.line).toBe(lineOf(TESTS, line));
  });
});
