// `jadpo build` end to end (docs/production.md): the BUILT binary builds the example app; a small
// TypeScript project in a temp folder outside the repository — with no jadpo install anywhere on
// its module path, and the page's own tsconfig — typechecks against app.d.mts (and a wrong field
// name is a tsc error), then runs against the testing model server: a value, a failure as a
// value, and a bad input as JadpoInputError. The page's declarations are lines of that app.d.mts.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { copyExample } from "../support/example.ts";
import { jadpoEnv, repo, runJadpo } from "../support/jadpo.ts";

const tsc = join(repo, "node_modules/typescript/bin/tsc");

/** The service: one answer, one failure, one bad input, printed as JSON lines. */
const MAIN = `import { createApp, JadpoInputError, type AnswerUnreadable, type SupportAnswer } from "./build/app.mjs";

const app = createApp({ env: process.env });
const answered = await app.actions.answer_customer({ question: "Does the rye contain sesame?" });
if (answered.ok) {
  const answer: SupportAnswer = answered.value;
  console.log(JSON.stringify({ reply: answer.reply, resolved: answer.resolved_by_articles }));
}
const failed = await app.actions.answer_customer({ question: "Say something unreadable" });
if (!failed.ok) {
  const failure: { name: string; code: string } = failed.failure;
  const unreadable: AnswerUnreadable | null = failed.failure.name === "AnswerUnreadable" ? failed.failure : null;
  console.log(JSON.stringify({ name: failure.name, code: failure.code, kind: failed.failure.kind, message: unreadable?.message }));
}
try {
  await app.actions.answer_customer({ question: "" });
} catch (error) {
  if (error instanceof JadpoInputError) console.log(JSON.stringify({ name: error.name, rule: error.rule, path: error.path }));
}
await app.close();
`;

let model: FakeModelServer;
let service: string;
let example: string;

beforeAll(async () => {
  buildCli();
  model = await startFakeModelServer({
    kind: "answer",
    text: (req) => (JSON.stringify(req.body).includes("unreadable") ? "Sorry, I only speak in riddles." : JSON.stringify({ resolved_by_articles: true, reply: "The seeded rye has sesame." })),
  });
  example = copyExample("jadpo-build-e2e-");
  const built = runJadpo(["build"], { cwd: example });
  expect(built.code, built.stdout + built.stderr).toBe(0);
  // The service lives outside the repository, with the build folder alone.
  service = mkdtempSync(join(tmpdir(), "jadpo-service-"));
  cpSync(join(example, "build"), join(service, "build"), { recursive: true });
  writeFileSync(join(service, "package.json"), `${JSON.stringify({ type: "module", private: true })}\n`);
  writeFileSync(join(service, "tsconfig.json"), docBlock("json tsconfig"));
  withNodeTypes(service);
}, 120_000);

afterAll(async () => {
  await model.close();
  rmSync(service, { recursive: true, force: true });
  rmSync(example, { recursive: true, force: true });
});

function runNode(args: string[], env: Record<string, string>, cwd = service): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: jadpoEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (stderr += text));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function typecheck(main: string): { code: number | null; output: string } {
  writeFileSync(join(service, "main.ts"), main);
  const run = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: service, encoding: "utf8" });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Node's types in `folder`, for `process` and `console` (a service has them installed; the docs'
 * tsconfig names them): nothing a program could import. */
function withNodeTypes(folder: string): void {
  mkdirSync(join(folder, "node_modules/@types"), { recursive: true });
  symlinkSync(join(repo, "node_modules/@types/node"), join(folder, "node_modules/@types/node"), "dir");
}

/** A fenced block of docs/production.md, by its info string (`ts main.ts`). */
function docBlock(info: string): string {
  const page = readFileSync(join(repo, "docs/production.md"), "utf8");
  const found = new RegExp(`\`\`\`${info}\n([\\s\\S]*?)\`\`\`\n`).exec(page);
  if (found === null) throw new Error(`docs/production.md has no \`\`\`${info} block`);
  return found[1];
}

describe("docs/production.md's TypeScript service", () => {
  it("typechecks with its tsconfig and runs against a build of the example", async () => {
    const docs = mkdtempSync(join(tmpdir(), "jadpo-docs-service-"));
    try {
      cpSync(join(service, "build"), join(docs, "build"), { recursive: true });
      writeFileSync(join(docs, "package.json"), `${JSON.stringify({ type: "module", private: true })}\n`);
      writeFileSync(join(docs, "tsconfig.json"), docBlock("json tsconfig"));
      writeFileSync(join(docs, "main.ts"), docBlock("ts main.ts"));
      withNodeTypes(docs);
      const checked = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: docs, encoding: "utf8" });
      expect(`${checked.stdout}${checked.stderr}`).toBe("");
      const run = await runNode(["main.js"], { JADPO_AI_BASE_URL: model.url }, docs);
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe("The seeded rye has sesame.\n");
    } finally {
      rmSync(docs, { recursive: true, force: true });
    }
  });
});

describe("docs/production.md's declarations", () => {
  it("are lines of the example's app.d.mts, verbatim and in order (the page leaves some out)", () => {
    const written = readFileSync(join(service, "build/app.d.mts"), "utf8").split("\n");
    const shown = /### The declarations\n[\s\S]*?```ts\n([\s\S]*?)```\n/.exec(readFileSync(join(repo, "docs/production.md"), "utf8"));
    expect(shown).not.toBeNull();
    let from = 0;
    const missing: string[] = [];
    for (const line of shown![1].trimEnd().split("\n")) {
      const at = written.indexOf(line, from);
      if (at === -1) missing.push(line);
      else from = at + 1;
    }
    expect(missing).toEqual([]);
  });
});

describe("a TypeScript service importing a build of examples/support", () => {
  it("imports only Node's built-ins", () => {
    const app = readFileSync(join(service, "build/app.mjs"), "utf8");
    // Static imports stand at the start of a statement; require() is the bundled CommonJS code's.
    const statements = [...app.matchAll(/(?:^|[;}\n])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
    const required = [...app.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    const imported = [...statements, ...required];
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !specifier.startsWith("node:"))).toEqual([]);
    expect(imported).toContain("node:http");
  });

  it("typechecks with docs/production.md's tsconfig against app.d.mts, and a wrong field name is a tsc error", () => {
    const right = typecheck(MAIN);
    expect(right.output).toBe("");
    expect(right.code).toBe(0);
    const wrong = typecheck(MAIN.replace("answer_customer({ question: \"Does", "answer_customer({ questoin: \"Does"));
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/main\.ts\(4,\d+\): error TS2561: Object literal may only specify known properties, but 'questoin' does not exist in type '\{ question: string; \}'\. Did you mean to write 'question'\?/);
    const wrongResult = typecheck(MAIN.replace("answer.reply,", "answer.replies,"));
    expect(wrongResult.output).toMatch(/error TS2339: Property 'replies' does not exist on type 'SupportAnswer'/);
  });

  it("runs with Node alone: a value, a failure as a value, and a bad input as JadpoInputError", async () => {
    expect(typecheck(MAIN).code).toBe(0);
    const before = model.requests.length;
    // Not spawnSync: the model server answers from this process.
    const run = await runNode(["main.js"], { JADPO_AI_BASE_URL: model.url });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n").map((line) => JSON.parse(line) as unknown)).toEqual([
      { reply: "The seeded rye has sesame.", resolved: true },
      { name: "AnswerUnreadable", code: "answer_unreadable", kind: "Unavailable", message: "The assistant's answer couldn't be read." },
      { name: "JadpoInputError", rule: "min_length", path: "question" },
    ]);
    // One request for the answer, two (the answer and its correction) for the unreadable one.
    expect(model.requests.length - before).toBe(3);
    // Nothing resolves outside the build folder: the service's node_modules holds Node's types alone.
    expect(() => execFileSync(process.execPath, ["-e", "import.meta.resolve('@jadpo/runtime')", "--input-type=module"], { cwd: service, stdio: "pipe" })).toThrow();
  });
});
