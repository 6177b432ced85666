// `jadpo check` decodes every recording (docs/testing.md): the seed's undecodable "yes" recording is an
// error at its file's 1:1, and the example's own recordings check clean.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyExample, fixture } from "../support/example.ts";
import { runJadpoHere } from "../support/jadpo.ts";
import { lines } from "./harness.ts";

const RECORDING = "domains/support/prompts/recordings/answer_question/sesame.json";
let root: string;

beforeAll(() => {
  root = copyExample("jadpo-check-recordings-");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

it("checks the example's recordings clean", async () => {
  const run = await runJadpoHere(["check"], { cwd: root });
  expect(run.stdout).toBe("✓ Check passed  17 files · 46 declarations\n");
  expect(run.code).toBe(0);
});

it("reports an undecodable recording at <file>:1:1", async () => {
  const yes = fixture("seed-recording-yes.json");
  writeFileSync(join(root, RECORDING), yes.replace(/answer_question@[0-9a-f]{8}/, "answer_question@b44ecc53"));
  const run = await runJadpoHere(["check"], { cwd: root });
  expect(run.stdout).toBe(
    lines(
      `error: \`answer_question\`'s recording \`sesame\` doesn't decode --> ${RECORDING}:1:1`,
      "  decode: `answer_question`'s recording `sesame` doesn't decode: `type` on `resolved_by_articles`",
      "  expected: Bool",
      "  got: Text",
      "  reason: Every build decodes every recording through each type its prompt is asked for as, every rule included, so an answer no call could read, or one its type has changed under since it was recorded, shows here before a test answers with it.",
      "  next: Correct its answer to the type, or record it again: `jadpo ai record answer_question --as sesame --force` (agent)",
      "  rule: test.recording_undecodable",
      "check failed: 1 error",
    ),
  );
  expect(run.code).toBe(1);
});

it("waits for a clean compile: a misspelt values type gives one diagnostic, not one per recording", async () => {
  const action = join(root, "domains/support/actions/answer_customer.jadpo");
  const good = readFileSync(action, "utf8");
  writeFileSync(action, good.replace("var asked = AnswerQuestion {", "var asked = AnswerQuestoin {"));
  try {
    const run = await runJadpoHere(["check"], { cwd: root });
    expect(run.stdout).toBe(
      lines(
        "error: No type named `AnswerQuestoin` --> domains/support/actions/answer_customer.jadpo:9:17",
        "  reason: A type must be declared, imported with `use`, or be a prelude type.",
        "  next: Did you mean `AnswerQuestion`? (agent)",
        "  rule: type.unknown",
        "check failed: 1 error",
      ),
    );
    expect(run.code).toBe(1);
  } finally {
    writeFileSync(action, good);
  }
});
