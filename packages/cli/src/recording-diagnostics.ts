// The recordings a project can't decode, as `check` and the editor both report them: each
// recording is decoded as its recording test would, an undecodable one is an error at `<file>:1:1`.
import type { CompileResult, Diagnostic } from "@jadpo/compiler";
import { loadRecordingDecoder } from "./toolchain.ts";

/**
 * With compile errors a recording may fail only because of them (a call that no longer
 * type-checks asks no prompt): one mistake, one diagnostic, so recordings wait for a clean
 * compile. The decoder (not the test runner) is loaded only for a project with recordings.
 */
export async function undecodableRecordings(result: CompileResult, readFile: (path: string) => Uint8Array | null): Promise<Diagnostic[]> {
  const program = result.program;
  if (!program || result.diagnostics.length > 0 || program.recordings.length === 0) return [];
  const { undecodableRecordings: decode } = await loadRecordingDecoder();
  return decode(program, readFile);
}
