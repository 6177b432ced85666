// What `jadpo dev` answers a faked call with: recordings (current first, by name; one that
// doesn't decode passed over), else a generated value — seeded by the prompt and its values —
// and how a request's body becomes an action's parameters.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileProject, type CheckedProgram, type RecordingFile } from "@jadpo/compiler";
import { UsageCounter, callSeed, generatedAnswer, recordedAnswer } from "@jadpo/runtime";
import { nodeHost } from "../../src/node-host.ts";
import { readParams } from "../../src/commands/dev/params.ts";
import { buildProject } from "../../src/commands/dev/build.ts";
import { repo } from "../support/jadpo.ts";

const example = join(repo, "examples/support");
const compiled = compileProject(nodeHost, example);
const program = compiled.program as CheckedProgram;
const prompt = program.prompts.get("answer_question")!;
const asType = prompt.asTypes[0];
const folder = "domains/support/prompts/recordings/answer_question";

function recording(answer: unknown, version: string): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify({ answer, version }, null, 2)}\n`);
}

/** A program whose recordings are exactly `files` (name → bytes), read from memory. */
function withRecordings(files: Record<string, Uint8Array>) {
  const recordings: RecordingFile[] = Object.keys(files).map((name) => ({ path: `${folder}/${name}.json`, promptName: "answer_question", name }));
  const read = (path: string) => files[path.slice(folder.length + 1, -".json".length)] ?? null;
  return { program: { ...program, recordings }, read };
}

const current = prompt.version;
const older = "answer_question@00000000";

describe("recordedAnswer", () => {
  it("takes a current recording first, by name, over older ones", () => {
    const { program: p, read } = withRecordings({
      aaa_old: recording({ reply: "old", resolved_by_articles: true }, older),
      zeta: recording({ reply: "{Text}", resolved_by_articles: false }, current),
      beta: recording({ reply: "beta", resolved_by_articles: true }, current),
    });
    expect(recordedAnswer(p, read, prompt, asType, 7)).toEqual({ name: "beta", value: { reply: "beta", resolved_by_articles: true } });
  });

  it("falls back to older recordings by name, passing over one that doesn't decode", () => {
    const { program: p, read } = withRecordings({
      a_broken: recording({ reply: "x", resolved_by_articles: "yes" }, current),
      z_old: recording({ reply: "z", resolved_by_articles: true }, older),
      m_old: recording({ reply: "m", resolved_by_articles: false }, older),
    });
    expect(recordedAnswer(p, read, prompt, asType, 7)?.name).toBe("m_old");
  });

  it("fills placeholders from the seed: the same values give the same answer", () => {
    const { program: p, read } = withRecordings({ sesame: recording({ reply: "{Text}", resolved_by_articles: true }, current) });
    const seed = callSeed("answer_question", { question: "Sesame?", reader_locale: "en-GB" });
    const first = recordedAnswer(p, read, prompt, asType, seed);
    expect(recordedAnswer(p, read, prompt, asType, seed)).toEqual(first);
    expect(typeof (first?.value as { reply: unknown }).reply).toBe("string");
    expect((first?.value as { reply: string }).reply).not.toBe("{Text}");
  });

  it("gives null without a usable recording; a generated answer is valid and seeded", () => {
    const { program: p, read } = withRecordings({});
    expect(recordedAnswer(p, read, prompt, asType, 1)).toBeNull();
    const seed = callSeed("answer_question", { question: "Jersey?", reader_locale: "en-GB" });
    const value = generatedAnswer(asType, seed) as { reply: unknown; resolved_by_articles: unknown };
    expect(Object.keys(value).sort()).toEqual(["reply", "resolved_by_articles"]);
    expect(typeof value.resolved_by_articles).toBe("boolean");
    expect(generatedAnswer(asType, seed)).toEqual(value);
    expect(callSeed("answer_question", { question: "Jersey?", reader_locale: "en-GB" })).not.toBe(callSeed("answer_question", { question: "Sesame?", reader_locale: "en-GB" }));
  });
});

describe("readParams", () => {
  const built = buildProject(example, { root: example, env: {}, usage: new UsageCounter(example) });
  if (!built.ok) throw new Error("the example app doesn't build");
  const action = built.build.actions.get("answer_customer")!;

  it("decodes each parameter as its type", () => {
    expect(readParams(action, JSON.stringify({ question: "Sesame?" }))).toEqual({ ok: true, args: ["Sesame?"] });
  });

  it("names the rule and the path of the first problem", () => {
    const fail = (body: string) => {
      const read = readParams(action, body);
      return read.ok ? "decoded" : read.message;
    };
    expect(fail("[1]")).toBe("The request body must be a JSON object with `answer_customer`'s parameters");
    expect(fail("")).toMatch(/^The request body is not JSON/);
    expect(fail(JSON.stringify({ question: "x".repeat(2001) }))).toBe("`max_length` on `question`: expected at most 2000 characters, got 2001 characters");
    expect(fail(JSON.stringify({ question: null }))).toMatch(/^`type` on `question`/);
  });
});
