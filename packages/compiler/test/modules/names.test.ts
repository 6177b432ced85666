import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../src/names/suggest.ts";
import { checkCasing, toLowerSnake, toUpperCamel } from "../../src/names/casing.ts";
import { isLowerSnake, isUpperCamel } from "../../src/names/case-tests.ts";
import { parseFile } from "../../src/syntax/parse-file.ts";

describe("closest name", () => {
  it("suggests the candidate at the smallest edit distance", () => {
    expect(closest("CustomerQuestoin", ["SupportAnswer", "CustomerQuestion", "Customer"])).toBe("CustomerQuestion");
    expect(closest("support/typs", ["support/types", "support/actions"])).toBe("support/types");
  });

  it("counts a swap of two letters as one edit", () => {
    expect(editDistance("ab", "ba")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("suggests nothing when every candidate is far", () => {
    expect(closest("Foo", ["Bar", "Quux"])).toBeNull();
    expect(closest("x", [])).toBeNull();
  });

  it("prefers a difference in case, and breaks ties alphabetically", () => {
    expect(closest("supportanswer", ["SupportAnswer", "supportanswers"])).toBe("SupportAnswer");
    expect(closest("abcd", ["abce", "abcf"])).toBe("abce");
    expect(closest("abcd", ["abcf", "abce"])).toBe("abce");
  });

  it("never suggests the name itself", () => {
    expect(closest("same", ["same"])).toBeNull();
  });
});

describe("casing", () => {
  it("recognises UpperCamel and lower_snake", () => {
    expect(isUpperCamel("SupportAnswer")).toBe(true);
    expect(isUpperCamel("supportAnswer")).toBe(false);
    expect(isUpperCamel("Support_Answer")).toBe(false);
    expect(isLowerSnake("answer_question")).toBe(true);
    expect(isLowerSnake("answerQuestion")).toBe(false);
    expect(isLowerSnake("answer__question")).toBe(false);
    expect(isLowerSnake("_answer")).toBe(false);
  });

  it("converts between the two", () => {
    expect(toUpperCamel("answer_question")).toBe("AnswerQuestion");
    expect(toUpperCamel("support_answer")).toBe("SupportAnswer");
    expect(toUpperCamel("supportAnswer")).toBe("SupportAnswer");
    expect(toLowerSnake("AnswerQuestion")).toBe("answer_question");
    expect(toLowerSnake("answerQuestion")).toBe("answer_question");
    expect(toLowerSnake("HTTPServer")).toBe("http_server");
    expect(toLowerSnake("Answer_Question")).toBe("answer_question");
  });

  it("checks every local name the parser noted: `var`, `for` items, `success(x)` and `some(x)` bindings", () => {
    const text = [
      "function f(xs: List<Int>, maybe: Int?) -> Int {",
      "    var myTotal = 0",
      "    for Item in xs { var ok_name = Item }",
      "    var x = match maybe { some(Found) => Found  none => 0 }",
      "    return myTotal + x",
      "}",
      "test \"t\" { var oneMore = 1 }",
    ].join("\n");
    const parsed = parseFile("a.jadpo", "source", text);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.syntax.locals.map((ident) => ident.name)).toEqual(["myTotal", "Item", "ok_name", "x", "Found", "oneMore"]);
    const found = checkCasing(parsed.syntax.decls, parsed.syntax.locals);
    expect(found.map((d) => `${d.span!.line}:${d.span!.column} ${d.summary}`)).toEqual([
      "2:9 `myTotal` should be written `my_total`", "3:9 `Item` should be written `item`",
      "4:32 `Found` should be written `found`", "7:16 `oneMore` should be written `one_more`",
    ]);
  });
});
