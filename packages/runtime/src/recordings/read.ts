// Reading one recording file (docs/testing.md): exactly one JSON object with `answer`, `version`
// and, optionally, `asked` (asked.ts) and a tool prompt's `steps` (steps.ts), the version naming
// the prompt beside it. Every problem is one short phrase that
// reads after "`answer_question`'s recording `sesame` doesn't decode: ".
import { MAX_FILE_BYTES } from "@jadpo/compiler";
import { parseStrictJson } from "./strict-json.ts";
import { readAsked, type Asked } from "./asked.ts";
import { readSteps, type RecordedStep } from "./steps.ts";
import type { JsonValue } from "../values/value.ts";

export type RecordingRead =
  /** `steps` null when the file has none (every recording of a prompt without tools). */
  | { ok: true; answer: JsonValue; version: string; asked: Asked | null; steps: RecordedStep[] | null }
  | { ok: false; problem: string };

const MEMBERS = new Set(["answer", "asked", "steps", "version"]);

const VERSION = /^([a-z_][a-z0-9_]*)@([0-9a-f]{8})$/;

export function readRecording(bytes: Uint8Array | string, expected: { promptName: string }): RecordingRead {
  const size = typeof bytes === "string" ? Buffer.byteLength(bytes, "utf8") : bytes.byteLength;
  if (size > MAX_FILE_BYTES) return { ok: false, problem: "the file is larger than 16 MiB" };
  let text: string;
  if (typeof bytes === "string") {
    text = bytes;
  } else {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bomProblem();
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { ok: false, problem: "the file is not UTF-8 text" };
    }
  }
  if (text.startsWith("\uFEFF")) return bomProblem();

  const parsed = parseStrictJson(text);
  if (!parsed.ok) return parsed;
  const top = parsed.value;
  if (top === null || typeof top !== "object" || Array.isArray(top)) {
    return { ok: false, problem: "it is not one JSON object with `answer` and `version`" };
  }
  for (const key of Object.keys(top)) {
    if (!MEMBERS.has(key)) {
      return { ok: false, problem: `it has ${JSON.stringify(key)} besides \`answer\`, \`asked\`, \`steps\` and \`version\`` };
    }
  }
  if (!Object.hasOwn(top, "answer")) return { ok: false, problem: "it has no `answer`" };
  if (!Object.hasOwn(top, "version")) return { ok: false, problem: "it has no `version`" };
  const version = top["version"];
  const form = `\`${expected.promptName}@\` and 8 hex digits`;
  if (typeof version !== "string") return { ok: false, problem: `its \`version\` is not text of the form ${form}` };
  const m = VERSION.exec(version);
  if (m === null) return { ok: false, problem: `its version ${JSON.stringify(version)} is not of the form ${form}` };
  if (m[1] !== expected.promptName) {
    return { ok: false, problem: `its version ${JSON.stringify(version)} names another prompt than \`${expected.promptName}\`` };
  }
  let steps: RecordedStep[] | null = null;
  if (Object.hasOwn(top, "steps")) {
    const read = readSteps(top["steps"] as JsonValue);
    if (!read.ok) return read;
    steps = read.steps;
  }
  if (!Object.hasOwn(top, "asked")) return { ok: true, answer: top["answer"] as JsonValue, version, asked: null, steps };
  const asked = readAsked(top["asked"] as JsonValue);
  if (!asked.ok) return asked;
  return { ok: true, answer: top["answer"] as JsonValue, version, asked: asked.asked, steps };
}

function bomProblem(): RecordingRead {
  return { ok: false, problem: "the file starts with a byte order mark" };
}
