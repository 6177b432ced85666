// The names recordings hold: the prompt their `version` is of (`"answer_question@b44ecc53"`), the
// fixture they were asked with (`"asked": { "fixture": "questions.sesame" }`, written by
// `jadpo ai record --fixture`) and the tools their steps called (`"tool": "find_order"`), with
// where in each file the names are written, so renaming the prompt, the fixture or the tool
// renames them too. A file that isn't such JSON names nothing.
import type { CompileResult } from "../pipeline.ts";
import type { Span } from "../source/span.ts";
import { decodeSource } from "../source/decode.ts";
import { SourceFile } from "../source/source-file.ts";

const VERSION_ENTRY = /"version"\s*:\s*"([a-z][a-z0-9_]*)@/;
const FIXTURE_ENTRY = /"fixture"\s*:\s*"([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)"/;
const TOOL_ENTRY = /"tool"\s*:\s*"([a-z][a-z0-9_]*)"/g;

export interface RecordingNames {
  /** The prompt the recording's folder names. */
  promptName: string;
  /** The prompt the version is of, when it is the recording's own (the one its folder names). */
  prompt?: { name: string; span: Span };
  fixture?: { group: string; member: string; groupSpan: Span; memberSpan: Span };
  /** Each step's calls' tools. */
  tools: { name: string; span: Span }[];
}

export function recordingNames(result: CompileResult, found: (names: RecordingNames) => void): void {
  for (const recording of result.graph.recordings ?? []) {
    if (!recording.bytes) continue;
    const text = decodeSource(recording.bytes).text;
    const json = parsed(text);
    if (json === null) continue;
    const source = new SourceFile(recording.path, text);
    const span = (start: number, length: number): Span => ({ file: recording.path, ...source.position(start), start, end: start + length });
    const names: RecordingNames = { promptName: recording.promptName, tools: [] };
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
    const called = calledTools(json.steps);
    for (const tool of text.matchAll(TOOL_ENTRY)) {
      if (called.has(tool[1])) names.tools.push({ name: tool[1], span: span(tool.index + tool[0].length - 1 - tool[1].length, tool[1].length) });
    }
    found(names);
  }
}

/** The tools `steps` names (`[{"calls":[{"tool":"find_order",…}]}]`). */
function calledTools(steps: unknown): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(steps)) return names;
  for (const step of steps) {
    const calls: unknown = typeof step === "object" && step !== null && "calls" in step ? step.calls : null;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) if (typeof call === "object" && call !== null && "tool" in call && typeof call.tool === "string") names.add(call.tool);
  }
  return names;
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
