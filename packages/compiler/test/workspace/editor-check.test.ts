// An editor's checks, each made from the last (workspace/editor-check.ts, recheck.ts): after any
// sequence of edits, the diagnostics are exactly those of a fresh `jadpo check`, in the same
// order; an edit inside bodies re-checks only the edited declarations, and anything else checks
// the whole project.
import { describe, expect, test } from "vitest";
import { compileProject, compileSteps, type CompileResult } from "../../src/pipeline.ts";
import { runSteps } from "../../src/steps.ts";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { memoryHost } from "../../src/testing/memory-host.ts";
import { ParseCache } from "../../src/workspace/parse-cache.ts";
import { EditorCheck, type EditorCheckStats } from "../../src/workspace/editor-check.ts";
import { exampleCorpus } from "../../../../bench/fuzz/corpus.ts";
import { rng } from "../../../../bench/fuzz/mutate.ts";

const ROOT = "/p";
const ACTION = "domains/support/actions/answer_customer.jadpo";
const ACTION_TESTS = "domains/support/actions/answer_customer.test.jadpo";
const ORDERS = "domains/support/functions/orders.jadpo";

/** The example project in memory, compiled as an editor does after each edit. */
class Editor {
  readonly files: Record<string, string | Uint8Array> = exampleCorpus();
  private readonly parses = new ParseCache();
  private readonly checks = new EditorCheck();

  edit(path: string, from: string, to: string): this {
    const text = this.files[path];
    if (typeof text !== "string" || !text.includes(from)) throw new Error(`${path} has no ${JSON.stringify(from)}`);
    this.files[path] = text.replace(from, to);
    return this;
  }

  private host() {
    return memoryHost(Object.fromEntries(Object.entries(this.files).map(([path, text]) => [`${ROOT}/${path}`, text])));
  }

  /** The editor's compile, its stats (null when it didn't check: a syntax error), and a fresh `jadpo check`'s diagnostics. */
  compile(): { result: CompileResult; stats: EditorCheckStats | null; fresh: CompileResult["diagnostics"] } {
    const host = this.host();
    const before = this.checks.stats;
    const result = runSteps(compileSteps(host, ROOT, { parses: this.parses, editor: this.checks }));
    return { result, stats: this.checks.stats === before ? null : this.checks.stats, fresh: compileProject(host, ROOT, { toRun: false }).diagnostics };
  }

  /** Starts a compile and drops it after `steps` steps, as an editor drops a check a newer change made stale; false when it ended first. */
  dropAfter(steps: number): boolean {
    const compile = compileSteps(this.host(), ROOT, { parses: this.parses, editor: this.checks });
    for (let i = 0; i < steps; i++) if (compile.next().done) return false;
    return true;
  }
}

/** The declarations with bodies of the example (functions, actions, fixtures groups, tests): what a whole check checks. */
function withBodies(editor: Editor): number {
  return Object.entries(editor.files)
    .filter(([path]) => /\.jadpo(test)?$/.test(path))
    .flatMap(([path, text]) => parseFile(path, path.endsWith(".jadpo") && !path.endsWith(".test.jadpo") ? "source" : "test", text).syntax.decls)
    .filter((decl) => decl.kind === "function" || decl.kind === "action" || decl.kind === "fixtures" || decl.kind === "test").length;
}

/** Compiles and checks the diagnostics against a fresh check's; returns the rules and how it was checked. */
function checked(editor: Editor): { rules: string[]; stats: EditorCheckStats | null } {
  const { result, stats, fresh } = editor.compile();
  expect(result.diagnostics).toEqual(fresh);
  return { rules: result.diagnostics.map((d) => `${d.rule} ${d.span?.file.split("/").at(-1)}:${d.span?.line}`), stats };
}

describe("an editor's checks are a fresh check's, however they were made", () => {
  test("edits inside bodies re-check only the edited declarations, and undoing them gives the clean project back", () => {
    const editor = new Editor();
    expect(checked(editor)).toEqual({ rules: [], stats: { whole: true, checked: withBodies(editor) } });
    // A line added to the action moves the function and the type after it, unchanged.
    editor.edit(ACTION, "    var asked = AnswerQuestion", "    var kept = nope\n    var asked = AnswerQuestion");
    expect(checked(editor)).toEqual({ rules: ["name.unknown answer_customer.jadpo:9"], stats: { whole: false, checked: 1 } });
    editor.edit(ACTION, "    var kept = nope\n", "");
    expect(checked(editor)).toEqual({ rules: [], stats: { whole: false, checked: 1 } });
  });

  test("a changed signature checks the whole project: its callers in other files see it", () => {
    const editor = new Editor();
    checked(editor);
    editor.edit(ORDERS, "function todays_orders() ->", "function todays_orders(day: Int) ->");
    const changed = checked(editor);
    expect(changed.stats?.whole).toBe(true);
    expect(changed.rules).toEqual(["type.argument_count look_up_order.jadpo:9"]);
    editor.edit(ORDERS, "function todays_orders(day: Int) ->", "function todays_orders() ->");
    expect(checked(editor)).toEqual({ rules: [], stats: { whole: true, checked: withBodies(editor) } });
  });

  test("a syntax error stops checking; fixing it checks again from the last check", () => {
    const editor = new Editor();
    checked(editor);
    editor.edit(ACTION, "        success(answer) => answer\n", "        success(answer) => answer\n    var broken = (\n");
    const broken = checked(editor);
    expect(broken.stats).toBeNull();
    expect(broken.rules.every((rule) => rule.startsWith("syntax."))).toBe(true);
    editor.edit(ACTION, "    var broken = (\n", "");
    // The text is the one checked last: nothing to check again.
    expect(checked(editor)).toEqual({ rules: [], stats: { whole: false, checked: 0 } });
    editor.edit(ACTION, "    var asked", "    var broken = (\n    var asked");
    expect(checked(editor).stats).toBeNull();
    editor.edit(ACTION, "    var broken = (\n", "    var fixed = nope\n");
    expect(checked(editor)).toEqual({ rules: ["name.unknown answer_customer.jadpo:9"], stats: { whole: false, checked: 1 } });
  });

  test("an action that lets a failure escape undeclared: the bodies checked after it, in other files too, are checked again", () => {
    const editor = new Editor();
    checked(editor);
    editor.edit(ACTION, "failure AiUnreadable => reject AnswerUnreadable", "failure AiUnreadable => reject UnknownOrder")
      .edit(ACTION, "use support/failures { AnswerUnreadable, AssistantUnavailable }", "use support/failures { AnswerUnreadable, AssistantUnavailable, UnknownOrder }");
    // The `use` line changed too: the whole project. Then the body alone, back and forth.
    expect(checked(editor).stats?.whole).toBe(true);
    editor.edit(ACTION, "reject UnknownOrder", "reject AnswerUnreadable");
    const fixed = checked(editor);
    expect(fixed.rules).toEqual([]);
    expect(fixed.stats?.whole).toBe(false);
    editor.edit(ACTION, "failure AiUnreadable => reject AnswerUnreadable", "failure AiUnreadable => reject UnknownOrder");
    const undeclared = checked(editor);
    expect(undeclared.rules).toContain("failure.undeclared answer_customer.jadpo:12");
    // The action's own body, then every body after it (its tests call it) was checked again.
    expect(undeclared.stats?.whole).toBe(false);
    expect(undeclared.stats!.checked).toBeGreaterThan(5);
  });

  test("a test's fakes, and the fakes of a prompt whose `as:` type changed, are checked again", () => {
    const editor = new Editor();
    checked(editor);
    editor.edit(ACTION_TESTS, "resolved_by_articles: true\n                reply: \"Our sourdough", "resolved_by_articles: \"yes\"\n                reply: \"Our sourdough");
    expect(checked(editor)).toEqual({ rules: ["test.fake_type answer_customer.test.jadpo:10"], stats: { whole: false, checked: 1 } });
    editor.edit(ACTION_TESTS, "resolved_by_articles: \"yes\"", "resolved_by_articles: true");
    expect(checked(editor).rules).toEqual([]);
    // The prompt is now asked for a ChatReply: every test scripting it is checked against that.
    editor.edit(ACTION, "ai.generate(asked, as: SupportAnswer)", "ai.generate(asked, as: ChatReply)");
    const asType = checked(editor);
    expect(asType.stats?.whole).toBe(false);
    expect(asType.rules.filter((rule) => rule.startsWith("test.fake_type")).length).toBeGreaterThan(0);
  });

  test("files added, removed or changed together, recordings changed, or an edit where a declaration reports: the whole project", () => {
    const editor = new Editor();
    checked(editor);
    editor.files["domains/support/functions/extra.jadpo"] = "function extra() -> Int {\n    return 1\n}\n";
    expect(checked(editor).stats?.whole).toBe(true);
    delete editor.files["domains/support/functions/extra.jadpo"];
    expect(checked(editor).stats?.whole).toBe(true);
    editor.edit(ACTION, "    var asked", "    var one = 1\n    var asked").edit(ORDERS, "    return [", "    var two = 2\n    return [");
    expect(checked(editor).stats?.whole).toBe(true);
    const recording = "domains/support/prompts/recordings/answer_question/sesame.json";
    editor.files[recording] = `${editor.files[recording]} `;
    expect(checked(editor).stats?.whole).toBe(true);
    editor.edit(ORDERS, "function todays_orders() -> List<OrderStatus>", "function todays_orders() -> List<OrderStatu>");
    expect(checked(editor).rules).toEqual(["type.unknown orders.jadpo:4"]);
    editor.edit(ORDERS, "    var two = 2\n", "");
    expect(checked(editor)).toEqual({ rules: ["type.unknown orders.jadpo:4"], stats: { whole: true, checked: withBodies(editor) } });
  });

  test("a check dropped part of the way leaves the next one sound", () => {
    const editor = new Editor();
    checked(editor);
    editor.edit(ACTION, "    var asked", "    var kept = nope\n    var asked");
    // Dropped while parsing, resolving, checking bodies and checking fakes.
    for (const steps of [1, 6, 12, 30]) expect(editor.dropAfter(steps)).toBe(true);
    expect(checked(editor)).toEqual({ rules: ["name.unknown answer_customer.jadpo:9"], stats: { whole: false, checked: 1 } });
  });

  test("200 seeded edits inside bodies, each undone later, a syntax error now and then: each check is a fresh one's", () => {
    const random = rng(33);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    // Unknown names (some another module declares: one missing `use`), prompt calls with other
    // `as:` types and uses, failures let escape, conversions of unknown types, impure calls, a
    // local's casing, a name declared twice in a body.
    const statements = [
      "var r{n} = nope", "var r{n} = 1 + \"a\"", "assert true", "var r{n}: Int = 2", "var r{n} = todays_orders()",
      "var r{n} = greeting(Locale.en_gb)", "reject UnknownOrder", "var r{n} = ai.answer_question.requests", "var r{n} = Missing(1)",
      "var r{n} = help_articles()", "var r{n} = (", "var r{n} = attempt look_up_order(OrderLookup { code: \"BRD-1042\" })",
      "var r{n} = ai.generate(AnswerQuestion { question: \"q\"  reader_locale: Locale.en_gb }, as: Text)",
      "var r{n} = ai.stream(AnswerQuestion { question: \"q\"  reader_locale: Locale.en_gb })", "var r{n} = attempt answer_customer(\"q\")",
      "var r{n} = ChatReply(\"hi\")", "var Badly{n} = 1", "var twice = 2",
    ];
    const editor = new Editor();
    checked(editor);
    const sources = Object.keys(editor.files).filter((path) => path.endsWith(".jadpo") || path.endsWith(".jadpotest"));
    const added: { path: string; line: string }[] = [];
    let fast = 0;
    for (let n = 0; n < 200; n++) {
      const broken = added.findIndex((a) => a.line.endsWith("(\n"));
      if (broken >= 0 || (added.length > 0 && random() < 0.4)) {
        const [undo] = added.splice(broken >= 0 ? broken : Math.floor(random() * added.length), 1);
        editor.edit(undo.path, undo.line, "");
      } else {
        const path = pick(sources);
        const text = editor.files[path] as string;
        // At the end of a body: the start of the line of its closing brace.
        const ends = parseFile(path, path.endsWith(".jadpo") && !path.endsWith(".test.jadpo") ? "source" : "test", text).syntax.decls
          .flatMap((d) => (d.kind === "function" || d.kind === "action" || d.kind === "test" ? [d.body] : d.kind === "fixtures" ? d.members.map((m) => m.body) : []))
          .map((body) => text.lastIndexOf("\n", body.span.end - 1) + 1);
        if (ends.length === 0) continue;
        const at = pick(ends);
        const line = `    ${pick(statements).replace("{n}", String(n))}\n`;
        editor.files[path] = text.slice(0, at) + line + text.slice(at);
        added.push({ path, line });
      }
      if (checked(editor).stats?.whole === false) fast++;
    }
    // Most were checked from the last check.
    expect(fast).toBeGreaterThan(100);
  });
});
