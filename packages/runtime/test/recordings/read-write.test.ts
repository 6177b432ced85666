import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MAX_FILE_BYTES as MAX_RECORDING_BYTES, recordingPath } from "@jadpo/compiler";
import { readRecording } from "../../src/recordings/read.ts";
import { recordingText, writeRecordingAtomic } from "../../src/recordings/write.ts";
import type { RecordedStep } from "../../src/recordings/steps.ts";

// docs/testing.md's example, byte for byte.
const SPEC_EXAMPLE =
  "{\n" +
  "  \"answer\": {\n" +
  "    \"reply\": \"{Text}\",\n" +
  "    \"resolved_by_articles\": false\n" +
  "  },\n" +
  "  \"version\": \"answer_question@b44ecc53\"\n" +
  "}\n";

const expected = { promptName: "answer_question" };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "jadpo-recordings-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("writing a recording", () => {
  it("writes exactly docs/testing.md's bytes, whatever order the answer's keys came in", () => {
    const file = join(dir, "recordings", "answer_question", "sesame.json");
    writeRecordingAtomic(file, { resolved_by_articles: false, reply: "{Text}" }, "answer_question@b44ecc53");
    expect(readFileSync(file, "utf8")).toBe(SPEC_EXAMPLE);
  });

  it("sorts keys at every depth, indents lists two spaces, keeps empty lists and objects short", () => {
    const text = recordingText({ z: [{ b: 1, a: [] }, "x"], a: {}, m: null }, "p@0123abcd");
    expect(text).toBe(
      "{\n" +
      "  \"answer\": {\n" +
      "    \"a\": {},\n" +
      "    \"m\": null,\n" +
      "    \"z\": [\n" +
      "      {\n" +
      "        \"a\": [],\n" +
      "        \"b\": 1\n" +
      "      },\n" +
      "      \"x\"\n" +
      "    ]\n" +
      "  },\n" +
      "  \"version\": \"p@0123abcd\"\n" +
      "}\n",
    );
  });

  it("writes a Text-based answer as a JSON string", () => {
    expect(recordingText("Hello \"you\"\n", "greet@deadbeef")).toBe("{\n  \"answer\": \"Hello \\\"you\\\"\\n\",\n  \"version\": \"greet@deadbeef\"\n}\n");
  });

  it("leaves no temporary file behind, and replaces an existing file whole", () => {
    const file = join(dir, "sesame.json");
    writeFileSync(file, "old contents that are much longer than the new ones ".repeat(100));
    writeRecordingAtomic(file, { reply: "{Text}", resolved_by_articles: false }, "answer_question@b44ecc53");
    expect(readdirSync(dir)).toEqual(["sesame.json"]);
    expect(readFileSync(file, "utf8")).toBe(SPEC_EXAMPLE);
  });

  it("a reader in another process only ever sees a whole file while it is rewritten", async () => {
    const file = join(dir, "big.json");
    const answers = [0, 1].map((n) => ({ items: Array.from({ length: 5000 }, (_, i) => `item ${n}-${i}`) }));
    const wholes = new Set(answers.map((a) => recordingText(a, "p@00000000")));
    writeRecordingAtomic(file, answers[1], "p@00000000");
    const writer = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./fixtures/rewrite-loop.ts", import.meta.url)), file, "150"], {
      cwd: fileURLToPath(new URL("../../../..", import.meta.url)),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    writer.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => writer.on("exit", resolve));
    let running = true;
    void exited.then(() => (running = false));
    let reads = 0;
    const seen = new Set<string>();
    while (running) {
      const text = readFileSync(file, "utf8");
      expect(wholes.has(text)).toBe(true);
      seen.add(text);
      reads++;
      await new Promise((r) => setImmediate(r));
    }
    expect(await exited, stderr).toBe(0);
    expect(reads).toBeGreaterThan(10);
    expect(seen.size).toBe(2); // it really read while the other process was rewriting
    expect(readdirSync(dir)).toEqual(["big.json"]);
  });

  it("cleans up its temporary file when the rename fails", () => {
    const target = join(dir, "is-a-folder");
    writeRecordingAtomic(join(target, "x.json"), 1, "p@00000000"); // makes `target` a folder
    expect(() => writeRecordingAtomic(target, 1, "p@00000000")).toThrow();
    expect(readdirSync(dir)).toEqual(["is-a-folder"]);
  });

  it("places recordings beside the prompt's file", () => {
    expect(recordingPath("domains/support/prompts/answer_question.jadpo", "answer_question", "sesame"))
      .toBe("domains/support/prompts/recordings/answer_question/sesame.json");
  });
});

describe("reading a recording strictly", () => {
  it("reads docs/testing.md's example, as text or bytes", () => {
    const want = { ok: true, answer: { reply: "{Text}", resolved_by_articles: false }, version: "answer_question@b44ecc53", asked: null, steps: null };
    expect(readRecording(SPEC_EXAMPLE, expected)).toEqual(want);
    expect(readRecording(new TextEncoder().encode(SPEC_EXAMPLE), expected)).toEqual(want);
  });

  it("round-trips what it writes", () => {
    const answer = { tags: ["a", "b"], n: -1.5e3, nested: { ok: true, none: null }, s: "é \u0000 \ud83d\ude00" };
    expect(readRecording(recordingText(answer, "answer_question@0123abcd"), expected)).toEqual({ ok: true, answer, version: "answer_question@0123abcd", asked: null, steps: null });
    const asked = { fixture: "questions.sesame", model: "qwen2.5-7b", values: "3f9a0c12" };
    const text = recordingText(answer, "answer_question@0123abcd", asked);
    expect(readRecording(text, expected)).toEqual({ ok: true, answer, version: "answer_question@0123abcd", asked, steps: null });
    const steps: RecordedStep[] = [[{ tool: "find_order", arguments: { code: "{OrderCode}" } }], [{ tool: "opening_hours", arguments: {} }, { tool: "find_order", arguments: { code: "ABC-1234" } }]];
    const withSteps = recordingText(answer, "answer_question@0123abcd", asked, steps);
    expect(readRecording(withSteps, expected)).toEqual({ ok: true, answer, version: "answer_question@0123abcd", asked, steps });
  });

  it("writes a tool prompt's `steps` after `asked`, each call's `arguments` before its `tool`", () => {
    expect(recordingText(true, "answer_question@b44ecc53", null, [[{ tool: "find_order", arguments: { code: "{OrderCode}" } }]])).toBe(
      '{\n  "answer": true,\n  "steps": [\n    {\n      "calls": [\n        {\n          "arguments": {\n            "code": "{OrderCode}"\n          },\n' +
      '          "tool": "find_order"\n        }\n      ]\n    }\n  ],\n  "version": "answer_question@b44ecc53"\n}\n',
    );
    expect(recordingText(true, "answer_question@b44ecc53", null, [])).toBe('{\n  "answer": true,\n  "steps": [],\n  "version": "answer_question@b44ecc53"\n}\n');
  });

  it("reads the usage `asked` kept, when the model reported it", () => {
    const asked = { model: "m", usage: { input_tokens: 120, output_tokens: 0 }, values: "3f9a0c12" };
    const text = recordingText({ reply: "x" }, "answer_question@b44ecc53", asked);
    expect(readRecording(text, expected)).toEqual({ ok: true, answer: { reply: "x" }, version: "answer_question@b44ecc53", asked, steps: null });
  });

  it("writes `asked` between `answer` and `version`, its members in name order", () => {
    expect(recordingText({ reply: "{Text}", resolved_by_articles: true }, "answer_question@b44ecc53", { values: "3f9a0c12", model: "m", fixture: "questions.sesame" })).toBe(
      '{\n  "answer": {\n    "reply": "{Text}",\n    "resolved_by_articles": true\n  },\n  "asked": {\n    "fixture": "questions.sesame",\n' +
      '    "model": "m",\n    "values": "3f9a0c12"\n  },\n  "version": "answer_question@b44ecc53"\n}\n',
    );
  });

  it("accepts any JSON layout (only writing is canonical)", () => {
    expect(readRecording('{"version":"answer_question@b44ecc53","answer":1}', expected).ok).toBe(true);
    expect(readRecording('\r\n { "answer" : [ ] , "version" : "answer_question@b44ecc53" } \n\n', expected).ok).toBe(true);
  });

  const USAGE_PROBLEM = 'its `asked.usage` is not `{"input_tokens": N, "output_tokens": M}` with whole numbers';
  const bad: Array<[string, string | Uint8Array, string]> = [
    ["a BOM in bytes", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(SPEC_EXAMPLE)]), "the file starts with a byte order mark"],
    ["a BOM in text", `\uFEFF${SPEC_EXAMPLE}`, "the file starts with a byte order mark"],
    ["bytes that aren't UTF-8", new Uint8Array([0x7b, 0xff, 0x7d]), "the file is not UTF-8 text"],
    ["a duplicate top-level key", '{"answer": 1, "answer": 2, "version": "answer_question@b44ecc53"}', 'the key "answer" appears twice (line 1, column 15)'],
    ["a duplicate key deep inside", '{"answer": {"a": [{"x": 1,\n "x": 1}]}, "version": "answer_question@b44ecc53"}', 'the key "x" appears twice in `answer.a[0]` (line 2, column 2)'],
    ["a duplicate key spelled with an escape", '{"answer": {"ab": 1, "a\\u0062": 2}, "version": "answer_question@b44ecc53"}', 'the key "ab" appears twice in `answer` (line 1, column 22)'],
    ["an extra key", '{"answer": 1, "version": "answer_question@b44ecc53", "note": "x"}', 'it has "note" besides `answer`, `asked`, `steps` and `version`'],
    ["`steps` that aren't a list", '{"answer": 1, "steps": {}, "version": "answer_question@b44ecc53"}', "its `steps` is not a list"],
    ["a step with more than `calls`", '{"answer": 1, "steps": [{"calls": [], "note": 1}], "version": "answer_question@b44ecc53"}', "its `steps[0]` is not an object with only `calls`"],
    ["a step with no call", '{"answer": 1, "steps": [{"calls": []}], "version": "answer_question@b44ecc53"}', "its `steps[0]` has no `calls` list with a call in it"],
    ["a call without arguments", '{"answer": 1, "steps": [{"calls": [{"tool": "t"}]}], "version": "answer_question@b44ecc53"}', "its `steps[0].calls[0]` is not an object with `arguments` and `tool`"],
    ["a call with more than arguments and tool", '{"answer": 1, "steps": [{"calls": [{"arguments": {}, "tool": "t", "result": 1}]}], "version": "answer_question@b44ecc53"}', "its `steps[0].calls[0]` is not an object with `arguments` and `tool`"],
    ["a call naming no tool", '{"answer": 1, "steps": [{"calls": [{"arguments": {}, "tool": ""}]}], "version": "answer_question@b44ecc53"}', "its `steps[0].calls[0]` names no `tool`"],
    ["an `asked` that isn't an object", '{"answer": 1, "asked": "x", "version": "answer_question@b44ecc53"}', "its `asked` is not an object with `model` and `values`"],
    ["an extra key in `asked`", '{"answer": 1, "asked": {"model": "m", "values": "3f9a0c12", "question": "Sesame?"}, "version": "answer_question@b44ecc53"}', 'its `asked` has "question" besides `fixture`, `model`, `values` and `usage`'],
    ["a usage without output tokens", '{"answer": 1, "asked": {"model": "m", "usage": {"input_tokens": 3}, "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', USAGE_PROBLEM],
    ["a usage of a fraction of a token", '{"answer": 1, "asked": {"model": "m", "usage": {"input_tokens": 3, "output_tokens": 1.5}, "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', USAGE_PROBLEM],
    ["a usage below zero", '{"answer": 1, "asked": {"model": "m", "usage": {"input_tokens": -1, "output_tokens": 2}, "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', USAGE_PROBLEM],
    ["a usage with more than the two counts", '{"answer": 1, "asked": {"model": "m", "usage": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}, "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', USAGE_PROBLEM],
    ["an `asked` without a model", '{"answer": 1, "asked": {"values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', "its `asked.model` is not the name of a model"],
    ["an empty model", '{"answer": 1, "asked": {"model": "", "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', "its `asked.model` is not the name of a model"],
    ["a values digest of 7 hex digits", '{"answer": 1, "asked": {"model": "m", "values": "3f9a0c1"}, "version": "answer_question@b44ecc53"}', "its `asked.values` is not 8 hex digits"],
    ["a values digest in upper case", '{"answer": 1, "asked": {"model": "m", "values": "3F9A0C12"}, "version": "answer_question@b44ecc53"}', "its `asked.values` is not 8 hex digits"],
    ["values kept instead of their digest", '{"answer": 1, "asked": {"model": "m", "values": {"question": "Sesame?"}}, "version": "answer_question@b44ecc53"}', "its `asked.values` is not 8 hex digits"],
    ["a fixture not of the form group.fixture", '{"answer": 1, "asked": {"fixture": "sesame", "model": "m", "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', "its `asked.fixture` is not of the form `group.fixture`"],
    ["a fixture that isn't text", '{"answer": 1, "asked": {"fixture": null, "model": "m", "values": "3f9a0c12"}, "version": "answer_question@b44ecc53"}', "its `asked.fixture` is not of the form `group.fixture`"],
    ["no answer", '{"version": "answer_question@b44ecc53"}', "it has no `answer`"],
    ["no version", '{"answer": 1}', "it has no `version`"],
    ["a version without a digest", '{"answer": 1, "version": "answer_question"}', 'its version "answer_question" is not of the form `answer_question@` and 8 hex digits'],
    ["a version with 7 hex digits", '{"answer": 1, "version": "answer_question@b44ecc5"}', 'its version "answer_question@b44ecc5" is not of the form `answer_question@` and 8 hex digits'],
    ["a version in upper-case hex", '{"answer": 1, "version": "answer_question@B44ECC53"}', 'its version "answer_question@B44ECC53" is not of the form `answer_question@` and 8 hex digits'],
    ["a version naming another prompt", '{"answer": 1, "version": "other_prompt@b44ecc53"}', 'its version "other_prompt@b44ecc53" names another prompt than `answer_question`'],
    ["a version that isn't text", '{"answer": 1, "version": 7}', "its `version` is not text of the form `answer_question@` and 8 hex digits"],
    ["a list", '[{"answer": 1, "version": "answer_question@b44ecc53"}]', "it is not one JSON object with `answer` and `version`"],
    ["a bare value", '"answer"', "it is not one JSON object with `answer` and `version`"],
    ["two objects", `${SPEC_EXAMPLE}${SPEC_EXAMPLE}`, "it has more after its JSON value (line 8, column 1)"],
    ["trailing garbage", `${SPEC_EXAMPLE}x`, "it has more after its JSON value (line 8, column 1)"],
    ["a trailing comma", '{"answer": 1, "version": "answer_question@b44ecc53",}', 'it is not valid JSON: unexpected "}" (line 1, column 53)'],
    ["a comment", '{"answer": 1 // hi\n, "version": "answer_question@b44ecc53"}', 'it is not valid JSON: unexpected "/" (line 1, column 14)'],
    ["single quotes", "{'answer': 1}", "it is not valid JSON: unexpected \"'\" (line 1, column 2)"],
    ["a cut-off file", '{"answer": {"reply": "x"', "it is not valid JSON: the object opened here is never closed (line 1, column 12)"],
    ["an unclosed text", '{"answer": "x', "it is not valid JSON: a text is never closed (line 1, column 12)"],
    ["a raw newline in a text", '{"answer": "a\nb", "version": "answer_question@b44ecc53"}', "it is not valid JSON: a control character inside a text (line 1, column 14)"],
    ["a bad escape", '{"answer": "\\x41"}', "it is not valid JSON: a bad escape (line 1, column 13)"],
    ["a leading zero", '{"answer": 01}', 'it is not valid JSON: unexpected "1" (line 1, column 13)'],
    ["NaN", '{"answer": NaN}', 'it is not valid JSON: unexpected "N" (line 1, column 12)'],
    ["an empty file", "", "it is not valid JSON: it ends too early (line 1, column 1)"],
  ];
  for (const [what, input, problem] of bad) {
    it(`refuses ${what}`, () => {
      expect(readRecording(input, expected)).toEqual({ ok: false, problem });
    });
  }

  it("keeps a __proto__ key as an ordinary key", () => {
    const r = readRecording('{"answer": {"__proto__": {"x": 1}}, "version": "answer_question@b44ecc53"}', expected);
    expect(r.ok && Object.keys(r.answer as object)).toEqual(["__proto__"]);
    expect(r.ok && Object.getPrototypeOf(r.answer)).toBe(Object.prototype);
  });

  it("refuses nesting too deep to read, without overflowing the stack", () => {
    const deep = `{"answer": ${"[".repeat(100_000)}${"]".repeat(100_000)}, "version": "answer_question@b44ecc53"}`;
    expect(readRecording(deep, expected)).toEqual({ ok: false, problem: "it nests deeper than 512 (line 1, column 524)" });
  });

  it("refuses a file over 16 MiB before reading it", () => {
    const big = new Uint8Array(MAX_RECORDING_BYTES + 1).fill(0x20);
    expect(readRecording(big, expected)).toEqual({ ok: false, problem: "the file is larger than 16 MiB" });
    const justFits = `{"answer": "${"a".repeat(MAX_RECORDING_BYTES - 100)}", "version": "answer_question@b44ecc53"}`;
    expect(Buffer.byteLength(justFits)).toBeLessThanOrEqual(MAX_RECORDING_BYTES);
    expect(readRecording(justFits, expected).ok).toBe(true);
  });
});
