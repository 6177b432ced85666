// The names recordings hold: the prompt their `version` is of (`"answer_question@b44ecc53"`) and
// the fixture they were asked with (`"asked": { "fixture": "questions.sesame" }`, written by
// `jadpo ai record --fixture`), with where in each file the names are written, so renaming the
// prompt or the fixture renames them too. A file that isn't such JSON names nothing.
import type { CompileResult } from "../pipeline.ts";
import type { Span } from "../source/span.ts";
import { decodeSource } from "../source/decode.ts";
import { SourceFile } from "../source/source-file.ts";

const VERSION_ENTRY = /"version"\s*:\s*"([a-z][a-z0-9_]*)@/;
const FIXTURE_ENTRY = /"fixture"\s*:\s*"([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)"/;

export interface RecordingNames {
  /** The prompt the version is of, when it is the recording's own (the one its folder names). */
  prompt?: { name: string; span: Span };
  fixture?: { group: string; member: string; groupSpan: Span; memberSpan: Span };
}

export function recordingNames(result: CompileResult, found: (names: RecordingNames) => void): void {
  for (const recording of result.graph.recordings ?? []) {
    if (!recording.bytes) continue;
    const text = decodeSource(recording.bytes).text;
    const json = parsed(text);
    if (json === null) continue;
    const source = new SourceFile(recording.path, text);
    const span = (start: number, length: number): Span => ({ file: recording.path, ...source.position(start), start, end: start + length });
    const names: RecordingNames = {};
    const version = VERSION_ENTRY.exec(text);
    if (version && version[1] === recording.promptName && typeof json.version === "string" && json.version.startsWith(`${version[1]}@`)) {
      names.prompt = { name: version[1], span: span(version.index + version[0].length - 1 - version[1].length, version[1].length) };
    }
    const fixture = FIXTURE_ENTRY.exec(text);
    const asked = json.asked;
    if (fixture && typeof asked === "object" && asked !== null && "fixture" in asked && asked.fixture === `${fixture[1]}.${fixture[2]}`) {
      const groupStart = fixture.index + fixture[0].length - 1 - fixture[2].length - 1 - fixture[1].length;
      names.fixture = { group: fixture[1], member: fixture[2], groupSpan: span(groupStart, fixture[1].length), memberSpan: span(groupStart + fixture[1].length + 1, fixture[2].length) };
    }
    found(names);
  }
}

/** The recording's top-level object, or null when it is not one. */
function parsed(text: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
