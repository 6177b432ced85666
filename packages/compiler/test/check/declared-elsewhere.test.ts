// An unknown name that another module declares: the diagnostic says which module, and the `use`
// line to add it to, for values, calls, failures and types alike.
import { describe, expect, test } from "vitest";
import { checkSources, rendered } from "./check-sources.ts";

const project = (user: string) => ({
  "app.jadpo": "",
  "domains/triage/failures.jadpo": `failure TriageUnreadable { kind: Unavailable  message: "Unreadable." }\n`,
  "domains/triage/types.jadpo": `type Ticket = Text { max_length: 80 }\n`,
  "domains/triage/rules.jadpo": `function priority(text: Text) -> Int {\n    return 1\n}\n`,
  "domains/desk/desk.jadpo": user,
});

describe("name.unknown and type.unknown say where a name lives", () => {
  test("a failure declared in another module, used twice: one diagnostic, with the line to add", () => {
    const { diagnostics } = checkSources(project(`action open() fails TriageUnreadable -> Int {\n    reject TriageUnreadable\n}\n`));
    expect(rendered(diagnostics)).toBe([
      "error: `TriageUnreadable` is not defined here --> domains/desk/desk.jadpo:1:21",
      "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
      "  next: `TriageUnreadable` is declared in `triage/failures`: add the line `use triage/failures { TriageUnreadable }` (agent)",
      "  rule: name.unknown",
    ].join("\n"));
  });

  test("a function and a type declared in other modules: one diagnostic per missing line", () => {
    const { diagnostics } = checkSources(project(`function rank(t: Ticket) -> Int {\n    return priority(t)\n}\n`));
    expect(rendered(diagnostics)).toBe([
      "error: No type named `Ticket` --> domains/desk/desk.jadpo:1:18",
      "  reason: A type must be declared, imported with `use`, or be a prelude type.",
      "  next: `Ticket` is declared in `triage/types`: add the line `use triage/types { Ticket }` (agent)",
      "  rule: type.unknown",
      "",
      "error: `priority` is not defined here --> domains/desk/desk.jadpo:2:12",
      "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
      "  next: `priority` is declared in `triage/rules`: add the line `use triage/rules { priority }` (agent)",
      "  rule: name.unknown",
    ].join("\n"));
  });

  test("several names of one module without its `use` line: one diagnostic at the first, the line imports them all", () => {
    const files = {
      ...project(`action open(t: Ticket) fails TriageUnreadable, TriageLate -> Int {\n    if t == Ticket("late") { reject TriageLate }\n    reject TriageUnreadable\n}\n`),
      "domains/triage/failures.jadpo": `failure TriageUnreadable { kind: Unavailable  message: "Unreadable." }\nfailure TriageLate { kind: Unavailable  message: "Late." }\ntype Ticket = Text\n`,
      "domains/triage/types.jadpo": "",
    };
    expect(rendered(checkSources(files).diagnostics)).toBe([
      "error: No type named `Ticket` --> domains/desk/desk.jadpo:1:16",
      "  note: also used here: `TriageUnreadable` (line 1), `TriageLate` (line 1)",
      "  reason: A type must be declared, imported with `use`, or be a prelude type.",
      "  next: `Ticket` is declared in `triage/failures`, as are `TriageUnreadable` and `TriageLate`: add the line `use triage/failures { Ticket, TriageUnreadable, TriageLate }` (agent)",
      "  rule: type.unknown",
    ].join("\n"));
  });

  test("with a `use` line for the module already: add them to it", () => {
    const files = {
      ...project(`use triage/failures { TriageUnreadable }\naction open(n: Int) fails TriageUnreadable, TriageLate -> Int {\n    if n > 0 { reject TriageUnreadable }\n    reject TriageLate\n}\n`),
      "domains/triage/failures.jadpo": `failure TriageUnreadable { kind: Unavailable  message: "Unreadable." }\nfailure TriageLate { kind: Unavailable  message: "Late." }\n`,
    };
    expect(checkSources(files).diagnostics.map((d) => d.next)).toEqual([
      "`TriageLate` is declared in `triage/failures`: add it to a `use triage/failures { … }` line",
    ]);
  });

  test("a name no module declares still gets the closest visible name", () => {
    const { diagnostics } = checkSources(project(`function rank(t: Text) -> Int {\n    var size = 1\n    return sise\n}\n`));
    expect(diagnostics.map((d) => d.next)).toEqual(["Did you mean `size`?"]);
  });
});
