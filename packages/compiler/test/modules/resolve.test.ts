import { describe, expect, it } from "vitest";
import { resolveModules } from "../../src/modules/resolve.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.ts";
import type { LoadedFile } from "../../src/modules/graph.ts";
import { addEdge, importCycles, type ImportEdges } from "../../src/modules/cycles.ts";
import { action, at, connection, enumType, failure, fixtures, fn, loaded, prompt, test, type, use } from "./build.ts";

const plain = (ds: Diagnostic[]) => ds.map((d) => renderErrorPlain(d)).join("\n\n");
const rules = (ds: Diagnostic[]) => ds.map((d) => `${d.rule} ${d.span?.file}:${d.span?.line}:${d.span?.column}`);

function support(extra: LoadedFile[] = []): LoadedFile[] {
  return [
    loaded("app.jadpo", [connection("local_model", 1)]),
    loaded("domains/support/types.jadpo", [type("CustomerQuestion", 1), type("SupportAnswer", 3, ["reply"])]),
    loaded("domains/support/prompts/answer_question.jadpo", [use("support/types", ["CustomerQuestion"], 1), prompt("answer_question", 3)]),
    ...extra,
  ];
}

describe("resolving a clean project", () => {
  it("builds each file's scope from app.jadpo, its folder module and its imports", () => {
    const files = support([
      loaded("domains/support/actions/answer_customer.jadpo", [
        use("support/types", ["SupportAnswer"], 1),
        use("support/prompts", ["AnswerQuestion"], 2),
        action("answer_customer", 4),
      ]),
      loaded("domains/support/actions/helpers.jadpo", [fn("shorten", 1)]),
      loaded("domains/support/actions/answer_customer.test.jadpo", [test("answers", 1), test("refuses", 5)]),
    ]);
    const { graph, diagnostics } = resolveModules(files);
    expect(diagnostics).toEqual([]);
    const names = (path: string) => [...graph.scopes.get(path)!.names.keys()].sort();
    expect(names("domains/support/actions/answer_customer.jadpo")).toEqual(
      ["AnswerQuestion", "SupportAnswer", "answer_customer", "local_model", "shorten"],
    );
    expect(names("domains/support/actions/answer_customer.test.jadpo")).toEqual(["answer_customer", "local_model", "shorten"]);
    expect(names("domains/support/prompts/answer_question.jadpo")).toEqual(["AnswerQuestion", "CustomerQuestion", "answer_question", "local_model"]);
    const values = graph.scopes.get("domains/support/actions/answer_customer.jadpo")!.names.get("AnswerQuestion")!;
    expect(values.kind).toBe("prompt_values");
    expect(graph.app?.path).toBe("app.jadpo");
    expect(graph.files).toBe(files);
  });

  it("imports only a file module's own names", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("support/prompts/answer_question", ["answer_question"], 1)])]);
    expect(resolveModules(files).diagnostics).toEqual([]);
  });
});

describe("module.not_found", () => {
  it("suggests the closest module", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("support/typs", ["CustomerQuestion"], 1)])]);
    expect(plain(resolveModules(files).diagnostics)).toBe(
      [
        "error: No module `support/typs` in this project --> domains/support/actions/a.jadpo:1:5",
        "  reason: A module is a folder or a file under `domains/`, named by its path.",
        "  next: Use `support/types`, the closest module (agent)",
        "  rule: module.not_found",
      ].join("\n"),
    );
  });

  it("says how modules are named when nothing is close", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("billing/invoices", ["Invoice"], 1)])]);
    const [d] = resolveModules(files).diagnostics;
    expect(d.next).toBe("Name a folder or a file below `domains/`, without the extension");
  });
});

describe("module.name_not_found", () => {
  it("suggests the closest name in that module", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("support/types", ["SupportAnswr"], 1)])]);
    const [d] = resolveModules(files).diagnostics;
    expect(d.rule).toBe("module.name_not_found");
    expect(d.summary).toBe("Module `support/types` has no `SupportAnswr`");
    expect(d.next).toBe("Import `SupportAnswer`, the closest name in `support/types`");
    expect(d.span).toMatchObject({ file: "domains/support/actions/a.jadpo", line: 1, column: 21 });
  });

  it("names the module that does declare the name, with the use line to write", () => {
    const files = support([
      loaded("domains/support/failures.jadpo", [failure("AnswerUnreadable", 1)]),
      loaded("domains/support/actions/a.jadpo", [use("support/failures", ["CustomerQuestion"], 1)]),
    ]);
    const [d] = resolveModules(files).diagnostics;
    expect(plain([d])).toBe([
      "error: Module `support/failures` has no `CustomerQuestion` --> domains/support/actions/a.jadpo:1:24",
      "  reason: `use` imports names that the module declares at its top level.",
      "  next: `CustomerQuestion` is declared in `support/types`: import it from there, `use support/types { CustomerQuestion }` (agent)",
      "  rule: module.name_not_found",
    ].join("\n"));
  });

  it("doesn't import tests", () => {
    const files = support([
      loaded("domains/support/checks/a.test.jadpo", [test("answers", 1)]),
      loaded("domains/support/actions/a.jadpo", [use("support/checks", ["answers"], 1)]),
    ]);
    expect(rules(resolveModules(files).diagnostics)).toEqual(["module.name_not_found domains/support/actions/a.jadpo:1:22"]);
  });

  it("stays quiet about a module with a file that did not parse", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("support/types", ["Missing"], 1)])]);
    expect(resolveModules(files, { incomplete: new Set(["domains/support/types.jadpo"]) }).diagnostics).toEqual([]);
  });

  it("stays quiet about a folder module with a file too large to read", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [use("support", ["Missing"], 1)])]);
    expect(resolveModules(files, { incomplete: new Set(["domains/support/huge.jadpo"]) }).diagnostics).toEqual([]);
    expect(resolveModules(files).diagnostics.map((d) => d.rule)).toEqual(["module.name_not_found"]);
  });
});

describe("module.import_cycle", () => {
  it("names every file of a two-file cycle once", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/a/one.jadpo", [use("b/two", ["Two"], 1), type("One", 3)]),
      loaded("domains/b/two.jadpo", [use("a/one", ["One"], 1), type("Two", 3)]),
    ];
    expect(plain(resolveModules(files).diagnostics)).toBe(
      [
        "error: These files import each other in a cycle --> domains/a/one.jadpo:1:5",
        "  cycle: domains/a/one.jadpo → domains/b/two.jadpo → domains/a/one.jadpo",
        "  reason: Files are checked in import order, so `use` edges between files may not form a loop.",
        "  next: Move the shared declarations into a file both can import (agent)",
        "  rule: module.import_cycle",
      ].join("\n"),
    );
  });

  it("follows a folder module's use to the files that declare the imported names", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/a/one.jadpo", [use("b", ["Two"], 1), type("One", 3)]),
      loaded("domains/b/other.jadpo", [type("Unrelated", 1)]),
      loaded("domains/b/two.jadpo", [use("c", ["Three"], 1), type("Two", 3)]),
      loaded("domains/c/three.jadpo", [use("a", ["One"], 1), type("Three", 3)]),
    ];
    const ds = resolveModules(files).diagnostics;
    expect(ds.map((d) => d.details[0]?.text)).toEqual(["domains/a/one.jadpo → domains/b/two.jadpo → domains/c/three.jadpo → domains/a/one.jadpo"]);
  });

  it("reports two separate cycles once each, and none for a file used by both sides", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/a/x.jadpo", [use("b/y", ["Y"], 1), use("shared/s", ["S"], 2), type("X", 3)]),
      loaded("domains/b/y.jadpo", [use("a/x", ["X"], 1), type("Y", 3)]),
      loaded("domains/c/p.jadpo", [use("d/q", ["Q"], 1), use("shared/s", ["S"], 2), type("P", 3)]),
      loaded("domains/d/q.jadpo", [use("c/p", ["P"], 1), type("Q", 3)]),
      loaded("domains/shared/s.jadpo", [type("S", 1)]),
    ];
    const ds = resolveModules(files).diagnostics;
    expect(ds.map((d) => d.details[0].text)).toEqual([
      "domains/a/x.jadpo → domains/b/y.jadpo → domains/a/x.jadpo",
      "domains/c/p.jadpo → domains/d/q.jadpo → domains/c/p.jadpo",
    ]);
  });

  it("walks through every file of a larger knot", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/k/a.jadpo", [use("l/b", ["B"], 1), use("m/c", ["C"], 2), type("A", 3)]),
      loaded("domains/l/b.jadpo", [use("k/a", ["A"], 1), type("B", 3)]),
      loaded("domains/m/c.jadpo", [use("k/a", ["A"], 1), type("C", 3)]),
    ];
    const ds = resolveModules(files).diagnostics.filter((d) => d.rule === "module.import_cycle");
    expect(ds.map((d) => d.details[0].text)).toEqual([
      "domains/k/a.jadpo → domains/l/b.jadpo → domains/k/a.jadpo → domains/m/c.jadpo → domains/k/a.jadpo",
    ]);
  });

  it("survives a chain of 20,000 imports without overflowing the stack", () => {
    const n = 20_000;
    const name = (i: number) => `domains/m${String(i % n).padStart(5, "0")}/f.jadpo`;
    const edges: ImportEdges = new Map();
    const paths: string[] = [];
    for (let i = 0; i < n; i++) {
      paths.push(name(i));
      addEdge(edges, name(i), name(i + 1), at(1));
    }
    const ds = importCycles(edges, paths);
    expect(ds.map((d) => d.rule)).toEqual(["module.import_cycle"]);
    expect(ds[0].details[0].text.split(" → ")).toHaveLength(n + 1);
  });
});

describe("module.ambiguous", () => {
  it("reports a file module and a folder module with one path, once", () => {
    const files = support([
      loaded("domains/support/types/extra.jadpo", [type("Extra", 1)]),
      loaded("domains/support/actions/a.jadpo", [use("support/types", ["CustomerQuestion"], 1)]),
    ]);
    expect(plain(resolveModules(files).diagnostics)).toBe(
      [
        "error: `support/types` is both a folder module and a file module --> domains/support/types.jadpo:1:1",
        "  reason: A module path must name exactly one module, so a file and a folder may not share a path.",
        "  next: Rename the file `domains/support/types.jadpo` or the folder (agent)",
        "  rule: module.ambiguous",
      ].join("\n"),
    );
  });
});

describe("name.duplicate", () => {
  it("reports two declarations with one name across the files of a folder module", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/s/a.jadpo", [type("Reply", 2)]),
      loaded("domains/s/b.jadpo", [fn("x", 1), type("Reply", 4)]),
    ];
    expect(plain(resolveModules(files).diagnostics)).toBe(
      [
        "error: `Reply` is already declared in domains/s/a.jadpo:2 --> domains/s/b.jadpo:4:6",
        "  reason: Names in one namespace must be unique so every use refers to exactly one declaration.",
        "  next: Rename one of the two (agent)",
        "  rule: name.duplicate",
      ].join("\n"),
    );
  });

  it("reports two tests with one name in a file", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/s/a.test.jadpo", [test("answers", 1), test("answers", 7)])];
    const [d] = resolveModules(files).diagnostics;
    expect(d.summary).toBe("`answers` is already declared in this file, on line 1");
    expect(d.span).toMatchObject({ line: 7, column: 6 });
  });

  it("allows one test name in two files", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/s/a.test.jadpo", [test("answers", 1)]), loaded("domains/s/b.test.jadpo", [test("answers", 1)])];
    expect(resolveModules(files).diagnostics).toEqual([]);
  });

  it("counts a prompt's values type as a declaration", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/s/a.jadpo", [type("AnswerQuestion", 1), prompt("answer_question", 3)])];
    const [d] = resolveModules(files).diagnostics;
    expect(plain([d])).toBe(
      [
        "error: `AnswerQuestion` is already declared in this file, on line 1 --> domains/s/a.jadpo:3:8",
        "  note: prompt `answer_question` declares the values type `AnswerQuestion`",
        "  reason: Names in one namespace must be unique so every use refers to exactly one declaration.",
        "  next: Rename one of the two (agent)",
        "  rule: name.duplicate",
      ].join("\n"),
    );
  });

  it("keeps prompt names unique across the project", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/a/p.jadpo", [prompt("ask", 1)]), loaded("domains/b/p.jadpo", [prompt("ask", 2)])];
    const ds = resolveModules(files).diagnostics;
    expect(rules(ds)).toEqual(["name.duplicate domains/b/p.jadpo:2:8"]);
    expect(ds[0].summary).toBe("`ask` is already declared in domains/a/p.jadpo:1");
    expect(ds[0].details).toEqual([{ label: "note", text: "prompt names are unique across the project" }]);
  });

  it("keeps action names unique across the project, since a request and a build's `app.actions` name an action alone", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/a/x.jadpo", [action("refund", 1)]), loaded("domains/b/y.test.jadpo", [action("refund", 4)])];
    const ds = resolveModules(files).diagnostics;
    expect(rules(ds)).toEqual(["name.duplicate domains/b/y.test.jadpo:4:8"]);
    expect(plain(ds)).toBe([
      "error: `refund` is already declared in domains/a/x.jadpo:1 --> domains/b/y.test.jadpo:4:8",
      "  note: action names are unique across the project",
      "  reason: Names in one namespace must be unique so every use refers to exactly one declaration.",
      "  next: Rename one of the two (agent)",
      "  rule: name.duplicate",
    ].join("\n"));
  });

  it("reports a use that imports a name already declared here", () => {
    const files = support([
      loaded("domains/support/actions/a.jadpo", [use("support/types", ["SupportAnswer"], 1), type("SupportAnswer", 3)]),
    ]);
    const ds = resolveModules(files).diagnostics;
    expect(rules(ds)).toEqual(["name.duplicate domains/support/actions/a.jadpo:1:21"]);
    expect(ds[0].summary).toBe("`SupportAnswer` is already declared in this file, on line 3");
  });

  it("reports a name imported twice", () => {
    const files = support([
      loaded("domains/support/actions/a.jadpo", [use("support/types", ["SupportAnswer"], 1), use("support/types", ["SupportAnswer"], 2)]),
    ]);
    const ds = resolveModules(files).diagnostics;
    expect(ds.map((d) => d.summary)).toEqual(["`SupportAnswer` is already declared in the `use support/types` on line 1"]);
  });

  it("reports a module name that app.jadpo already declares", () => {
    const files = support([loaded("domains/support/actions/a.jadpo", [fn("local_model", 2)])]);
    expect(resolveModules(files).diagnostics.map((d) => d.summary)).toEqual(["`local_model` is already declared in app.jadpo:1"]);
  });

  it("reports repeated fields, members, parameters and fixtures", () => {
    const files = [
      loaded("app.jadpo", []),
      loaded("domains/s/a.jadpo", [
        type("Review", 1, ["reply", "reply"]),
        enumType("Tone", 5, ["friendly", "friendly"]),
        fn("f", 6, ["x", "x"]),
        fixtures("questions", 7, ["asked", "asked"]),
      ]),
    ];
    expect(resolveModules(files).diagnostics.map((d) => d.summary)).toEqual([
      "`reply` is already declared in `Review`, on line 2",
      "`friendly` is already declared in `Tone`, on line 5",
      "`x` is already declared in `f`, on line 6",
      "`asked` is already declared in `questions`, on line 8",
    ]);
  });
});

describe("name.casing", () => {
  it("suggests the spelling each kind of name should have", () => {
    const files = [
      loaded("app.jadpo", [connection("LocalModel", 1)]),
      loaded("domains/s/a.jadpo", [
        type("support_answer", 1, ["Reply"]),
        failure("assistant_unavailable", 4),
        fn("shortenText", 5, ["maxLength"]),
        action("AnswerCustomer", 6),
        prompt("answerQuestion", 7),
        enumType("Tone", 8, ["Friendly"]),
        fixtures("Questions", 9, ["Sesame"]),
      ]),
    ];
    expect(resolveModules(files).diagnostics.map((d) => `${d.rule}: ${d.summary} (next: ${d.next})`)).toEqual([
      "name.casing: `LocalModel` should be written `local_model` (next: Rename it to `local_model`)",
      "name.casing: `support_answer` should be written `SupportAnswer` (next: Rename it to `SupportAnswer`)",
      "name.casing: `Reply` should be written `reply` (next: Rename it to `reply`)",
      "name.casing: `assistant_unavailable` should be written `AssistantUnavailable` (next: Rename it to `AssistantUnavailable`)",
      "name.casing: `shortenText` should be written `shorten_text` (next: Rename it to `shorten_text`)",
      "name.casing: `maxLength` should be written `max_length` (next: Rename it to `max_length`)",
      "name.casing: `AnswerCustomer` should be written `answer_customer` (next: Rename it to `answer_customer`)",
      "name.casing: `answerQuestion` should be written `answer_question` (next: Rename it to `answer_question`)",
      "name.casing: `Friendly` should be written `friendly` (next: Rename it to `friendly`)",
      "name.casing: `Questions` should be written `questions` (next: Rename it to `questions`)",
      "name.casing: `Sesame` should be written `sesame` (next: Rename it to `sesame`)",
    ]);
  });
});

describe("name.reserved", () => {
  it("reserves generate, stream and embed as prompt names", () => {
    const files = [loaded("app.jadpo", []), loaded("domains/s/a.jadpo", [prompt("generate", 1), prompt("stream", 2), prompt("embed", 3), prompt("ask", 4)])];
    expect(plain(resolveModules(files).diagnostics.slice(0, 1))).toBe(
      [
        "error: `generate` is reserved and can't name a prompt --> domains/s/a.jadpo:1:8",
        "  reason: `ai.generate`, `ai.stream` and `ai.embed` share the `ai.` namespace with prompts.",
        "  next: Choose another name for the prompt (agent)",
        "  rule: name.reserved",
      ].join("\n"),
    );
    expect(rules(resolveModules(files).diagnostics)).toEqual([
      "name.reserved domains/s/a.jadpo:1:8",
      "name.reserved domains/s/a.jadpo:2:8",
      "name.reserved domains/s/a.jadpo:3:8",
    ]);
  });
});
