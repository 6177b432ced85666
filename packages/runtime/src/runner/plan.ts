// The test plan: every test of a checked program, plus one recording test per recording file,
// in path order then declaration order. Workers build the same plan from the same program, so
// the main process only ever sends plan indices across a thread boundary.
import type { CheckedProgram, RecordingFile, TestInfo } from "@jadpo/compiler";
import type { ResultKind } from "./events.ts";
import { recordingTestName } from "../recordings/decodable.ts";

interface PlannedBase {
  /** Position in the full plan (before selection and sharding). */
  index: number;
  name: string;
  /** Root-relative path with `/`. */
  file: string;
  /** Line of the declaration (1 for a recording). */
  line: number;
  /** Last line the declaration covers (`file:line` selects a test whose lines cover it). */
  endLine: number;
  resultKind: ResultKind;
}

export type PlannedTest =
  | (PlannedBase & { kind: "test"; test: TestInfo })
  | (PlannedBase & { kind: "recording"; recording: RecordingFile });

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The full plan of a program: tests in path then declaration order, recordings placed by their path. */
export function planTests(program: CheckedProgram): PlannedTest[] {
  const entries: PlannedTest[] = [];
  for (const test of program.tests) {
    const line = test.decl.span.line;
    const end = test.file.source.position(test.decl.span.end).line;
    entries.push({
      kind: "test", index: -1, test, name: test.name, file: test.file.path, line, endLine: Math.max(line, end), resultKind: test.kind,
    });
  }
  for (const recording of program.recordings) {
    entries.push({
      kind: "recording", index: -1, recording, name: recordingTestName(recording), file: recording.path,
      line: 1, endLine: Number.POSITIVE_INFINITY, resultKind: "recording test",
    });
  }
  // A stable sort by path only (tests of one file keep their declaration order), done as one:
  // entries grouped by path in order, then the few paths sorted. The entries are this call's own,
  // so each takes its index in place.
  const byPath = new Map<string, PlannedTest[]>();
  for (const entry of entries) {
    const group = byPath.get(entry.file);
    if (group) group.push(entry);
    else byPath.set(entry.file, [entry]);
  }
  const plan: PlannedTest[] = [];
  for (const path of [...byPath.keys()].sort(comparePaths)) {
    for (const entry of byPath.get(path)!) {
      entry.index = plan.length;
      plan.push(entry);
    }
  }
  return plan;
}
