// The bench's scenarios for vitest 4 with the AI SDK's own mock model (`ai/test`) and zod, and for
// `node --test` with a hand-written fake: the same five scenarios as bench/scenarios/jadpo.ts.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AI_SDK_APP, AI_SDK_REPLIES, PLAIN_APP } from "./app-ts.ts";
import { PER_FILE, repo } from "./common.ts";

function vitestTest(i: number): string {
  const q = `"Question ${i}?"`;
  switch (i % 5) {
    case 0:
      return `it("scripted answer ${i}", async () => {
  const model = new MockLanguageModelV4({ doGenerate: [reply(JSON.stringify({ resolved_by_articles: true, reply: "Answer ${i}." }))] });
  const answer = await answerCustomer(model, ${q});
  expect(answer.reply).toBe("Answer ${i}.");
  expect(model.doGenerateCalls).toHaveLength(1);
  expect(model.doGenerateCalls[0].prompt.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: answerQuestion(${q}) }] });
});
`;
    case 1:
      return `it("refusal ${i}", async () => {
  const model = new MockLanguageModelV4({ doGenerate: [refused()] });
  await expect(answerCustomer(model, ${q})).rejects.toBeInstanceOf(AssistantUnavailable);
});
`;
    case 2:
      return `it("corrected answer ${i}", async () => {
  const model = new MockLanguageModelV4({ doGenerate: [reply("not json"), reply('{"resolved_by_articles": false, "reply": "No."}')] });
  const answer = await answerCustomer(model, ${q});
  expect(answer.resolved_by_articles).toBe(false);
  expect(model.doGenerateCalls).toHaveLength(2);
});
`;
    case 3:
      return `it("two malformed answers ${i}", async () => {
  const model = new MockLanguageModelV4({ doGenerate: [malformed(), malformed()] });
  await expect(answerCustomer(model, ${q})).rejects.toBeInstanceOf(AnswerUnreadable);
});
`;
    default:
      return `it("unscripted default ${i}", async () => {
  const model = new MockLanguageModelV4({ doGenerate: generated() });
  await answerCustomer(model, ${q});
  expect(model.doGenerateCalls).toHaveLength(1);
});
`;
  }
}

function nodeTest(i: number): string {
  const q = `"Question ${i}?"`;
  switch (i % 5) {
    case 0:
      return `test("scripted answer ${i}", async () => {
  const model = new FakeModel([raw(JSON.stringify({ resolved_by_articles: true, reply: "Answer ${i}." }))]);
  const answer = await answerCustomer(model, ${q});
  assert.equal(answer.reply, "Answer ${i}.");
  assert.equal(model.requests.length, 1);
  assert.deepEqual(model.requests[0].messages.at(-1), { role: "user", content: answerQuestion(${q}) });
});
`;
    case 1:
      return `test("refusal ${i}", async () => {
  await assert.rejects(answerCustomer(new FakeModel([refused]), ${q}), AssistantUnavailable);
});
`;
    case 2:
      return `test("corrected answer ${i}", async () => {
  const model = new FakeModel([raw("not json"), raw('{"resolved_by_articles": false, "reply": "No."}')]);
  const answer = await answerCustomer(model, ${q});
  assert.equal(answer.resolved_by_articles, false);
  assert.equal(model.requests.length, 2);
});
`;
    case 3:
      return `test("two malformed answers ${i}", async () => {
  await assert.rejects(answerCustomer(new FakeModel([malformed, malformed]), ${q}), AnswerUnreadable);
});
`;
    default:
      return `test("unscripted default ${i}", async () => {
  const model = new FakeModel();
  await answerCustomer(model, ${q});
  assert.equal(model.requests.length, 1);
});
`;
  }
}

function files(count: number, test: (i: number) => string): string[] {
  const out: string[] = [];
  for (let file = 0; file * PER_FILE < count; file++) {
    const tests: string[] = [];
    for (let i = file * PER_FILE; i < Math.min(count, (file + 1) * PER_FILE); i++) tests.push(test(i));
    out.push(tests.join("\n"));
  }
  return out;
}

/** A vitest project in `root` whose `node_modules` is the repository's (vitest, ai, zod). */
export function writeVitestProject(root: string, count: number): void {
  mkdirSync(join(root, "src"), { recursive: true });
  mkdirSync(join(root, "test"), { recursive: true });
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"), "dir");
  writeFileSync(join(root, "package.json"), `{ "type": "module", "private": true }\n`);
  writeFileSync(join(root, "vitest.config.mjs"), `export default { test: { include: ["test/**/*.test.ts"] } };\n`);
  writeFileSync(join(root, "src/support.ts"), AI_SDK_APP);
  writeFileSync(join(root, "test/replies.ts"), AI_SDK_REPLIES);
  const header = `import { expect, it } from "vitest";
import { MockLanguageModelV4 } from "ai/test";
import { answerCustomer, answerQuestion, AnswerUnreadable, AssistantUnavailable } from "../src/support.ts";
import { generated, malformed, refused, reply } from "./replies.ts";

`;
  files(count, vitestTest).forEach((text, n) => writeFileSync(join(root, `test/bench_${String(n).padStart(3, "0")}.test.ts`), header + text));
}

/** A plain `node --test` project in `root`; returns its test files (Node 20 takes them by name). */
export function writeNodeTestProject(root: string, count: number): string[] {
  mkdirSync(join(root, "test"), { recursive: true });
  writeFileSync(join(root, "package.json"), `{ "type": "module", "private": true }\n`);
  writeFileSync(join(root, "support.mjs"), PLAIN_APP);
  const header = `import { test } from "node:test";
import assert from "node:assert/strict";
import { answerCustomer, answerQuestion, AnswerUnreadable, AssistantUnavailable, FakeModel, malformed, raw, refused } from "../support.mjs";

`;
  return files(count, nodeTest).map((text, n) => {
    const name = `test/bench_${String(n).padStart(3, "0")}.test.mjs`;
    writeFileSync(join(root, name), header + text);
    return name;
  });
}
