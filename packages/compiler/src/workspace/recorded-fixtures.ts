// Recordings that name a fixture (`"asked": { "fixture": "questions.sesame" }`, written by
// `jadpo ai record --fixture`): where in each file the group's and the member's names are
// written, so renaming a fixture renames them too. A file that isn't such JSON names none.
import type { CompileResult } from "../pipeline.ts";
import type { Span } from "../source/span.ts";
import { decodeSource } from "../source/decode.ts";
import { SourceFile } from "../source/source-file.ts";

/** The `"fixture": "<text>"` entry of a recording's text, and where its text starts. */
const FIXTURE_ENTRY = /"fixture"\s*:\s*"([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)"/;

export function recordedFixtureNames(
  result: CompileResult,
  found: (group: string, member: string, groupSpan: Span, memberSpan: Span) => void,
): void {
  for (const recording of result.graph.recordings ?? []) {
    if (!recording.bytes) continue;
    const text = decodeSource(recording.bytes).text;
    const entry = FIXTURE_ENTRY.exec(text);
    if (!entry || !namesFixture(text, entry[1], entry[2])) continue;
    const source = new SourceFile(recording.path, text);
    const groupStart = entry.index + entry[0].length - 1 - entry[2].length - 1 - entry[1].length;
    const memberStart = groupStart + entry[1].length + 1;
    const span = (start: number, end: number): Span => ({ file: recording.path, ...source.position(start), start, end });
    found(entry[1], entry[2], span(groupStart, memberStart - 1), span(memberStart, memberStart + entry[2].length));
  }
}

/** Whether the text is a recording whose `asked.fixture` is `group.member` (not a text elsewhere that looks like it). */
function namesFixture(text: string, group: string, member: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== "object" || json === null || !("asked" in json)) return false;
    const asked = json.asked;
    return typeof asked === "object" && asked !== null && "fixture" in asked && asked.fixture === `${group}.${member}`;
  } catch {
    return false;
  }
}
