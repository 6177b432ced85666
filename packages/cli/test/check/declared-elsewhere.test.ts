// `jadpo check` on a file missing a `use`: `name.unknown` says which module declares the name
// and the line to add it to (the editor's quick fix applies the same).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runJadpoHere } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

test("an unimported failure names its module and the `use` line, once for all its uses", async () => {
  const root = copyExample("jadpo-check-use-");
  const path = join(root, "domains/support/actions/answer_customer.jadpo");
  writeFileSync(path, readFileSync(path, "utf8").replace("{ AnswerUnreadable, AssistantUnavailable }", "{ AssistantUnavailable }"));
  const run = await runJadpoHere(["check"], { cwd: root });
  const block = (line: number, column: number) => [
    `error: \`AnswerUnreadable\` is not defined here --> domains/support/actions/answer_customer.jadpo:${line}:${column}`,
    "  reason: A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
    "  next: `AnswerUnreadable` is declared in `support/failures`: add it to a `use support/failures { … }` line (agent)",
    "  rule: name.unknown",
  ].join("\n");
  // Used twice, one `use` line to fix: one diagnostic, at the first use.
  expect(run.stdout).toBe(`${block(6, 33)}\ncheck failed: 1 error\n`);
  expect(run.code).toBe(1);
});
