// `jadpo check` decodes every recording (docs/testing.md): the seed's undecodable "yes" recording is an
// error at its file's 1:1, the example's own recordings check clean, and a tool prompt's recorded
// steps are decoded too.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SHOP_ASK, SHOP_ORDERS } from "@jadpo/runtime/testing";
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
  expect(run.stdout).toBe("✓ Check passed  18 files · 52 declarations\n");
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

it("decodes a tool prompt's recorded steps: a call whose arguments don't decode is reported at its path", async () => {
  const shop = copyExample("jadpo-check-tool-recordings-");
  try {
    mkdirSync(join(shop, "domains/shop"), { recursive: true });
    // A domain of its own: the example's support domain has order types and a find_order of its own.
    writeFileSync(join(shop, "domains/shop/shop.jadpo"), `${SHOP_ORDERS}
prompt order_question(question: Text) {
    text: "Question: {question}"
    tools: {
        find_order: "Finds an order."
    }
}
${SHOP_ASK}`);
    const folder = join(shop, "domains/shop/recordings/order_question");
    mkdirSync(folder, { recursive: true });
    const steps = [{ calls: [{ arguments: { code: "{OrderCode}" }, tool: "find_order" }] }, { calls: [{ arguments: { code: "abc" }, tool: "find_order" }] }];
    writeFileSync(join(folder, "bad.json"), JSON.stringify({ answer: { reply: "{Text}", status_known: true }, steps, version: "order_question@00000000" }));
    const run = await runJadpoHere(["check"], { cwd: shop });
    expect(run.stdout.split("\n").slice(0, 4)).toEqual([
      "error: `order_question`'s recording `bad` doesn't decode --> domains/shop/recordings/order_question/bad.json:1:1",
      "  decode: `order_question`'s recording `bad` doesn't decode: `pattern` on `steps[1].calls[0].arguments.code`",
      '  expected: text matching "[A-Z]{3}-[0-9]{4}"',
      '  got: "abc"',
    ]);
    expect(run.code).toBe(1);
  } finally {
    rmSync(shop, { recursive: true, force: true });
  }
});
