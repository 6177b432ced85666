// What `jadpo dev` answers a faked call with: recordings (current first, by name; one that
// doesn't decode passed over), else a generated value — seeded by the prompt and its values.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { digest8, type CheckedProgram, type RecordingFile } from "@jadpo/compiler";
import { callSeed, recordedAnswer } from "../../src/dev-backend/fake-answers.ts";
import { filesUnder, projectOf } from "../../src/testing/project.ts";
import { RecordingKey, valuesDigestOfJson } from "../../src/recordings/values-digest.ts";

const KEY = new RecordingKey("this project's recording key");

const example = fileURLToPath(new URL("../../../../examples/support", import.meta.url));
const program: CheckedProgram = projectOf(filesUnder(example)).program;
const prompt = program.prompts.get("answer_question")!;
const asType = prompt.asTypes[0];
const folder = "domains/support/prompts/recordings/answer_question";

function recording(answer: unknown, version: string, values?: string): Uint8Array {
  const asked = values === undefined ? {} : { asked: { model: "m", values } };
  return new TextEncoder().encode(`${JSON.stringify({ answer, ...asked, version }, null, 2)}\n`);
}

/** A digest no recording here was asked with. */
const NEW = "ffffffff";

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
    expect(recordedAnswer(p, read, prompt, asType, 7, NEW)).toEqual({
      name: "beta", reply: { kind: "value", value: { reply: "beta", resolved_by_articles: true } }, recorded: { reply: "beta", resolved_by_articles: true }, why: "no recording of these values",
    });
  });

  it("takes the current recording asked with the call's values first, whatever its name; an older one with them doesn't count", () => {
    const values = valuesDigestOfJson(KEY, { question: "Jersey?", reader_locale: "en-GB" });
    const { program: p, read } = withRecordings({
      alpha: recording({ reply: "alpha", resolved_by_articles: true }, current, "0badc0de"),
      b_old: recording({ reply: "old", resolved_by_articles: true }, older, values),
      zulu: recording({ reply: "{Text}", resolved_by_articles: false }, current, values),
    });
    const found = recordedAnswer(p, read, prompt, asType, 7, values);
    expect([found?.name, found?.why, found?.recorded]).toEqual(["zulu", "same values", { reply: "{Text}", resolved_by_articles: false }]);
    expect(recordedAnswer(p, read, prompt, asType, 7, NEW)?.name).toBe("alpha");
  });

  it("matches by name only a recording whose digest is unkeyed (an older recording's) or made under another key", () => {
    const asked = { question: "Jersey?", reader_locale: "en-GB" };
    const { program: p, read } = withRecordings({
      alpha: recording({ reply: "alpha", resolved_by_articles: true }, current, "0badc0de"),
      m_unkeyed: recording({ reply: "{Text}", resolved_by_articles: false }, current, digest8(asked)),
      z_other_key: recording({ reply: "{Text}", resolved_by_articles: false }, current, valuesDigestOfJson(new RecordingKey("a colleague's key"), asked)),
    });
    const found = recordedAnswer(p, read, prompt, asType, 7, valuesDigestOfJson(KEY, asked));
    expect([found?.name, found?.why]).toEqual(["alpha", "no recording of these values"]);
  });

  it("with no recording key, matches every recording by name only", () => {
    const values = valuesDigestOfJson(KEY, { question: "Jersey?", reader_locale: "en-GB" });
    const { program: p, read } = withRecordings({
      alpha: recording({ reply: "alpha", resolved_by_articles: true }, current, "0badc0de"),
      zulu: recording({ reply: "{Text}", resolved_by_articles: false }, current, values),
    });
    expect([recordedAnswer(p, read, prompt, asType, 7, null)?.name, recordedAnswer(p, read, prompt, asType, 7, null)?.why]).toEqual(["alpha", "no recording of these values"]);
  });

  it("falls back to older recordings by name, passing over one that doesn't decode", () => {
    const { program: p, read } = withRecordings({
      a_broken: recording({ reply: "x", resolved_by_articles: "yes" }, current),
      z_old: recording({ reply: "z", resolved_by_articles: true }, older),
      m_old: recording({ reply: "m", resolved_by_articles: false }, older),
    });
    expect(recordedAnswer(p, read, prompt, asType, 7, NEW)?.name).toBe("m_old");
  });

  it("fills placeholders from the seed: the same values give the same answer", () => {
    const { program: p, read } = withRecordings({ sesame: recording({ reply: "{Text}", resolved_by_articles: true }, current) });
    const seed = callSeed("answer_question", { question: "Sesame?", reader_locale: "en-GB" });
    const first = recordedAnswer(p, read, prompt, asType, seed, NEW);
    expect(recordedAnswer(p, read, prompt, asType, seed, NEW)).toEqual(first);
    const value = first?.reply.kind === "value" ? first.reply.value as { reply: unknown } : null;
    expect(typeof value?.reply).toBe("string");
    expect(value?.reply).not.toBe("{Text}");
  });

  it("gives null without a usable recording; the seed differs with the values", () => {
    const { program: p, read } = withRecordings({});
    expect(recordedAnswer(p, read, prompt, asType, 1, NEW)).toBeNull();
    expect(callSeed("answer_question", { question: "Jersey?", reader_locale: "en-GB" })).not.toBe(callSeed("answer_question", { question: "Sesame?", reader_locale: "en-GB" }));
  });
});
