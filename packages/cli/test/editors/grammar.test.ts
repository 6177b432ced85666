// The VS Code extension's TextMate grammar, tokenized by the libraries VS Code itself uses
// (vscode-textmate + vscode-oniguruma) on the example's real lines: each token class is asserted.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import vsctm from "vscode-textmate";
import oniguruma from "vscode-oniguruma";
import { repo } from "../support/jadpo.ts";

const extension = join(repo, "editors/vscode");
let grammar: vsctm.IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(join(createRequire(import.meta.url).resolve("vscode-oniguruma"), "../onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s) => new oniguruma.OnigScanner(s), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(join(extension, "syntaxes/jadpo.tmLanguage.json"), "utf8"), "jadpo.tmLanguage.json"),
  });
  grammar = (await registry.loadGrammar("source.jadpo"))!;
});

/** Each token of a file's lines as `text` → its innermost scope, tokenized line by line with state carried over. */
function tokens(text: string): { line: number; text: string; scopes: string[] }[] {
  const out: { line: number; text: string; scopes: string[] }[] = [];
  let state = vsctm.INITIAL;
  text.split("\n").forEach((line, index) => {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) out.push({ line: index + 1, text: line.slice(token.startIndex, token.endIndex), scopes: token.scopes });
    state = result.ruleStack;
  });
  return out;
}

const example = (path: string) => readFileSync(join(repo, "examples/support", path), "utf8");

/** The innermost scope of the token `text` on `line` (1-based) of a file. */
function scopeOf(file: string, line: number, text: string): string {
  const found = tokens(file).find((t) => t.line === line && t.text === text);
  if (!found) throw new Error(`no token ${JSON.stringify(text)} on line ${line}: ${JSON.stringify(tokens(file).filter((t) => t.line === line).map((t) => t.text))}`);
  return found.scopes[found.scopes.length - 1];
}

describe("the TextMate grammar on the example", () => {
  const action = example("domains/support/actions/answer_customer.jadpo");
  const test_ = example("domains/support/actions/answer_customer.test.jadpo");
  const prompt = example("domains/support/prompts/answer_question.jadpo");
  const types = example("domains/support/types.jadpo");
  const app = example("app.jadpo");

  test("keywords", () => {
    expect(scopeOf(action, 1, "use")).toBe("keyword.declaration.jadpo");
    expect(scopeOf(action, 5, "action")).toBe("keyword.declaration.jadpo");
    expect(scopeOf(action, 6, "fails")).toBe("keyword.control.jadpo");
    expect(scopeOf(action, 10, "return")).toBe("keyword.control.jadpo");
    expect(scopeOf(action, 10, "match")).toBe("keyword.control.jadpo");
    expect(scopeOf(test_, 6, "test")).toBe("keyword.declaration.jadpo");
    expect(scopeOf(test_, 7, "fakes")).toBe("keyword.declaration.fakes.jadpo");
    expect(scopeOf(test_, 15, "attempt")).toBe("keyword.control.jadpo");
    expect(scopeOf(test_, 59, "false")).toBe("constant.language.jadpo");
  });

  test("texts, `\"\"\"` blocks with placeholders, and escapes", () => {
    expect(scopeOf(test_, 15, "Does your sourdough contain sesame?")).toBe("string.quoted.double.jadpo");
    expect(scopeOf(prompt, 5, '"""')).toBe("punctuation.definition.string.begin.jadpo");
    expect(scopeOf(prompt, 6, "{reader_locale}")).toBe("variable.other.placeholder.jadpo");
    expect(scopeOf(prompt, 7, "        Question: ")).toBe("string.quoted.triple.jadpo");
    expect(scopeOf(prompt, 8, '"""')).toBe("punctuation.definition.string.end.jadpo");
    expect(scopeOf(test_, 29, '\\"')).toBe("constant.character.escape.jadpo");
  });

  test("numbers, durations and comments", () => {
    expect(scopeOf(types, 1, "2000")).toBe("constant.numeric.jadpo");
    expect(scopeOf(app, 9, "30s")).toBe("constant.numeric.duration.jadpo");
    expect(scopeOf(app, 11, "50")).toBe("constant.numeric.jadpo");
    const docs = readFileSync(join(repo, "docs/language.md"), "utf8").split("\n").find((l) => l.startsWith("// A scalar type"))!;
    expect(tokens(`${docs}\ntype Stars = Int { min: 1 max: 5 }`).slice(0, 1).map((t) => t.scopes.at(-1))).toEqual(["comment.line.double-slash.jadpo"]);
  });

  test("UpperCamel types and `ai.` calls", () => {
    expect(scopeOf(action, 5, "CustomerQuestion")).toBe("entity.name.type.jadpo");
    expect(scopeOf(action, 7, "SupportAnswer")).toBe("entity.name.type.jadpo");
    expect(scopeOf(action, 12, "AiUnreadable")).toBe("entity.name.type.jadpo");
    expect(scopeOf(action, 10, "ai")).toBe("support.namespace.ai.jadpo");
    expect(scopeOf(action, 10, "generate")).toBe("support.function.ai.jadpo");
    expect(scopeOf(test_, 8, "answer_question")).toBe("entity.name.function.prompt.jadpo");
    expect(scopeOf(test_, 17, "answer_question")).toBe("entity.name.function.prompt.jadpo");
  });

  test("a `use` path is one module path, keywords and `/` included", () => {
    expect(scopeOf(test_, 4, "use")).toBe("keyword.declaration.jadpo");
    expect(scopeOf(test_, 4, "support/fixtures")).toBe("entity.name.namespace.jadpo");
    const path = tokens("use support/test { t }\nuse billing / type { Invoice }");
    expect(path.filter((t) => t.scopes.at(-1) === "entity.name.namespace.jadpo").map((t) => t.text)).toEqual(["support/test", "billing / type"]);
  });

  test("`{name}` is a placeholder only in a prompt's `text:` and `system:`", () => {
    expect(scopeOf(prompt, 6, "{reader_locale}")).toBe("variable.other.placeholder.jadpo");
    const code = tokens('function hello(name: Text) -> Text {\n    return "Hello {name}" + """\n        {name}\n    """\n}');
    expect(code.filter((t) => t.scopes.at(-1) === "variable.other.placeholder.jadpo")).toEqual([]);
    expect(code.find((t) => t.text.includes("{name}"))!.scopes.at(-1)).toBe("string.quoted.double.jadpo");
    const tooled = tokens([
      "prompt order_question(question: Text) {",
      '    system: "You answer in {question}."',
      '    text: "Question: {question}"',
      '    tools: { find_order: "Finds {an} order." }',
      "}",
      'function f() -> Text { return "{question}" }',
    ].join("\n"));
    const placeholders = tooled.filter((t) => t.scopes.at(-1) === "variable.other.placeholder.jadpo").map((t) => `${t.line}:${t.text}`);
    // Not in a tool's description (sent as written), nor after the prompt ends.
    expect(placeholders).toEqual(["2:{question}", "3:{question}"]);
  });

  test("fake item words, only inside `fakes:`", () => {
    for (const word of ["refused", "timed_out", "over_budget", "too_long", "malformed"]) {
      expect(scopeOf(test_, 38, word)).toBe("constant.language.fake.jadpo");
    }
    expect(scopeOf(test_, 28, "raw")).toBe("support.function.fake.jadpo");
    expect(scopeOf(test_, 56, "recorded")).toBe("support.function.fake.jadpo");
    expect(tokens("var refused = 1").find((t) => t.text.includes("refused"))!.scopes.at(-1)).toBe("source.jadpo");
  });

  test("transport failure items: `unavailable`, `rate_limited` alone and with its Retry-After", () => {
    const script = 'test "t" {\n    fakes: {\n        ai.answer_question: [unavailable, rate_limited, rate_limited(20s)]\n    }\n}\n';
    const line = tokens(script).filter((t) => t.line === 3);
    const scopes = (text: string) => line.filter((t) => t.text === text).map((t) => t.scopes.at(-1));
    expect(scopes("unavailable")).toEqual(["constant.language.fake.jadpo"]);
    expect(scopes("rate_limited")).toEqual(["constant.language.fake.jadpo", "support.function.fake.jadpo"]);
    expect(tokens("var unavailable = 1").find((t) => t.text.includes("unavailable"))!.scopes.at(-1)).toBe("source.jadpo");
  });

  test("`when` items, `like(…)` and `generated`, only inside `fakes:`", () => {
    const script = [
      'test "t" {',
      "    fakes: {",
      '        ai.answer_question: [when { question: "Rye?" } => refused, generated]',
      '        ai.embed: [when "rye" => like("spelt")]',
      "    }",
      "    var when = 1",
      "}",
    ].join("\n");
    const all = tokens(script);
    const scopes = (line: number, text: string) => all.filter((t) => t.line === line && t.text === text).map((t) => t.scopes.at(-1));
    expect(scopes(3, "when")).toEqual(["keyword.control.fake.jadpo"]);
    expect(scopes(3, "generated")).toEqual(["constant.language.fake.jadpo"]);
    expect(scopes(4, "when")).toEqual(["keyword.control.fake.jadpo"]);
    expect(scopes(4, "like")).toEqual(["support.function.fake.jadpo"]);
    // A name `when` outside a script, and `like`/`generated` in code, are ordinary names.
    expect(all.filter((t) => t.line === 6 && t.text.includes("when")).map((t) => t.scopes.at(-1))).toEqual(["source.jadpo"]);
    expect(tokens("var x = like(generated)").filter((t) => /like|generated/.test(t.text)).map((t) => t.scopes.at(-1))).toEqual(["source.jadpo"]);
  });
});
