// The recordings a project can't decode, as `check` and the editor both report them: each
// recording is decoded as `jadpo test` would, an undecodable one is an error at `<file>:1:1`.
import type { CompileResult, Diagnostic } from "@jadpo/compiler";

/**
 * With compile errors a recording may fail only because of them (a call that no longer
 * type-checks asks no prompt): one mistake, one diagnostic, so recordings wait for a clean
 * compile. The runtime (the decoder) is loaded only for a project with recordings.
 */
export async function undecodableRecordings(result: CompileResult, readFile: (path: string) => Uint8Array | null): Promise<Diagnostic[]> {
  const program = result.program;
  if (!program || result.diagnostics.length > 0 || program.recordings.length === 0) return [];
  const { runRecordingTest } = await import("@jadpo/runtime");
  const found: Diagnostic[] = [];
  for (const recording of program.recordings) {
    const { result: outcome } = runRecordingTest(program, recording, { runSeed: 1, readFile });
    found.push(...outcome.diagnostics);
  }
  return found;
}
