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
  test("a failure declared in another module", () => {
    const { diagnostics } = checkSources(project(`action open() fails TriageUnreadable -> Int {\n    reject TriageUnreadable\n}\n`));
    expect(rendered(diagnostics)).toBe([
      "error: `TriageUnreadable` is not defined here --> domains/desk/desk.jadpo:1:21",
      "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
      "  next: `TriageUnreadable` is declared in `triage/failures`: add it to a `use triage/failures { … }` line (agent)",
      "  rule: name.unknown",
      "",
      "error: `TriageUnreadable` is not defined here --> domains/desk/desk.jadpo:2:12",
      "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
      "  next: `TriageUnreadable` is declared in `triage/failures`: add it to a `use triage/failures { … }` line (agent)",
      "  rule: name.unknown",
    ].join("\n"));
  });

  test("a function and a type declared in other modules", () => {
    const { diagnostics } = checkSources(project(`function rank(t: Ticket) -> Int {\n    return priority(t)\n}\n`));
    expect(rendered(diagnostics)).toBe([
      "error: No type named `Ticket` --> domains/desk/desk.jadpo:1:18",
      "  reason: A type must be declared, imported with `use`, or be a prelude type.",
      "  next: `Ticket` is declared in `triage/types`: add it to a `use triage/types { … }` line (agent)",
      "  rule: type.unknown",
      "",
      "error: `priority` is not defined here --> domains/desk/desk.jadpo:2:12",
      "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
      "  next: `priority` is declared in `triage/rules`: add it to a `use triage/rules { … }` line (agent)",
      "  rule: name.unknown",
    ].join("\n"));
  });

  test("a name no module declares still gets the closest visible name", () => {
    const { diagnostics } = checkSources(project(`function rank(t: Text) -> Int {\n    var size = 1\n    return sise\n}\n`));
    expect(diagnostics.map((d) => d.next)).toEqual(["Did you mean `size`?"]);
  });
});
