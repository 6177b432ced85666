// One rule, one wording: a scripted answer the checker rejects (`test.fake_type`'s `decode:` line)
// and the same value decoded at run time (an answer, a recording) read the same words, for every
// rule a value can break; and `T(v)` names the constraint as the checker's `type.constraint_violated` does.
import { describe, expect, it } from "vitest";
import type { Diagnostic, Type } from "@jadpo/compiler";
import { compileSources } from "@jadpo/compiler/testing";
import { decodeValue, formatDecodeErrorDetail } from "../../src/ai/decode.ts";
import { checkConstraints } from "../../src/values/check.ts";

const TYPES = `type Stars = Int { min: 1 max: 5 }
type Title = Text { min_length: 2 max_length: 5 }
type Code = Text { pattern: "[A-Z]{3}" }
type Tone = Enum { friendly formal }
type Probe = Object {
    stars: Stars
    title: Title
    code: Code
    tags: List<Text> { min_items: 1 max_items: 2 }
    tone: Tone
    done: Bool
}
prompt ask(question: Text) {
    text: "Answer: {question}"
}
action probe() -> Probe? {
    return match ai.generate(Ask { question: "?" }, as: Probe) {
        success(p) => p
        failure _ => none
    }
}
`;

/** A valid Probe's fields, in Jadpo and as JSON. */
const FIELDS: Record<string, [string, unknown]> = {
  stars: ["3", 3],
  title: ['"abc"', "abc"],
  code: ['"ABC"', "ABC"],
  tags: ['["a"]', ["a"]],
  tone: ["Tone.friendly", "friendly"],
  done: ["true", true],
};

/** A Probe with one field changed (undefined: left out), in both forms. */
function probe(field: string, jadpo: string | undefined, json: unknown): { literal: string; value: Record<string, unknown> } {
  const parts: string[] = [];
  const value: Record<string, unknown> = {};
  for (const [name, [j, v]] of Object.entries(FIELDS)) {
    if (name !== field) {
      parts.push(`${name}: ${j}`);
      value[name] = v;
    }
  }
  if (jadpo !== undefined) {
    parts.push(`${field}: ${jadpo}`);
    value[field] = json;
  }
  return { literal: `Probe { ${parts.join("  ")} }`, value };
}

function compile(literal: string | null) {
  const test: Record<string, string> = literal === null ? {} : {
    "domains/shop/probe.test.jadpo": `test "probe" {\n    fakes: {\n        ai.ask: [${literal}]\n    }\n    var p = probe()\n}\n`,
  };
  return compileSources({ "app.jadpo": "", "domains/shop/shop.jadpo": TYPES, ...test });
}

const probeType = (): Type => {
  const program = compile(null).program;
  const type = program?.prompts.get("ask")?.asTypes[0];
  if (type === undefined) throw new Error("no Probe");
  return type;
};

/** The checker's `decode:` line for a scripted answer. */
function checkerWords(literal: string): string {
  const diagnostics: Diagnostic[] = compile(literal).diagnostics;
  expect(diagnostics.map((d) => d.rule)).toEqual(["test.fake_type"]);
  return diagnostics[0].details.find((d) => d.label === "decode")?.text ?? "";
}

describe("a rule reads the same in the checker and at run time", () => {
  const type = probeType();
  // [rule, the field, its value in Jadpo (undefined: left out), the same as JSON, the words]
  const cases: Array<[string, string, string | undefined, unknown, string]> = [
    ["min", "stars", "0", 0, "`min` on `stars`: expected at least 1, got 0"],
    ["max", "stars", "6", 6, "`max` on `stars`: expected at most 5, got 6"],
    ["min_length", "title", '"a"', "a", "`min_length` on `title`: expected at least 2 characters, got 1 character"],
    ["max_length", "title", '"abcdef"', "abcdef", "`max_length` on `title`: expected at most 5 characters, got 6 characters"],
    ["pattern", "code", '"abc"', "abc", '`pattern` on `code`: expected text matching "[A-Z]{3}", got "abc"'],
    ["min_items", "tags", "[]", [], "`min_items` on `tags`: expected at least 1 item, got 0 items"],
    ["max_items", "tags", '["a", "b", "c"]', ["a", "b", "c"], "`max_items` on `tags`: expected at most 2 items, got 3 items"],
    ["member", "tone", "Tone.casual", "casual", '`member` on `tone`: expected one of friendly, formal, got "casual"'],
    ["type", "done", '"yes"', "yes", "`type` on `done`: expected Bool, got Text"],
    ["missing", "done", undefined, undefined, "`missing` on `done`: expected Bool, got nothing"],
    ["unknown", "mood", "true", true, "`unknown` on `mood`: expected a field of Probe (stars, title, code, tags, tone, done)"],
  ];
  for (const [rule, field, jadpo, json, words] of cases) {
    it(rule, () => {
      const { literal, value } = probe(field, jadpo, json);
      const decoded = decodeValue(type, value);
      const runtime = decoded.ok ? "decoded" : formatDecodeErrorDetail(decoded.error);
      expect({ checker: checkerWords(literal), runtime }).toEqual({ checker: words, runtime: words });
    });
  }

  it("T(v) names a broken constraint as the checker's type.constraint_violated does", () => {
    const result = compileSources({ "app.jadpo": "", "domains/shop/shop.jadpo": `${TYPES}action bad() -> Title {\n    return "abcdef"\n}\n` });
    expect(result.diagnostics.map((d) => d.summary)).toEqual(["`\"abcdef\"` breaks `max_length: 5` of `Title`"]);
    const title = type.kind === "named" && type.decl.def.kind === "object" ? type.decl.def.fields[1].type : type;
    expect(checkConstraints(title, "abcdef")?.constraint).toBe("max_length: 5");
  });
});
