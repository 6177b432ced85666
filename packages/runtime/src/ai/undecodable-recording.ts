// `test.recording_undecodable`, the same in a recording test and in a test that answers with the
// recording: the decode problem, its `expected:` and `got:` lines when the problem is a value's,
// and the command that records it again (with the fixture it was made from, when it remembers one).
import { diagnostic, type Diagnostic, type Span } from "@jadpo/compiler";
import { formatDecodeError, type DecodeError } from "./decode.ts";

export interface UndecodableRecording {
  prompt: string;
  name: string;
  /** A decode error of the answer, or a phrase for a file that isn't a recording at all. */
  problem: DecodeError | string;
  /** `asked.fixture`, when the file remembers it. */
  fixture?: string;
  /** Whether recording it again can help (a prompt declared beside it, with a call that asks it). */
  recordable: boolean;
}

export function undecodableRecording(span: Span, r: UndecodableRecording): Diagnostic {
  const command = `jadpo ai record ${r.prompt} --as ${r.name}${r.fixture === undefined ? "" : ` --fixture ${r.fixture}`} --force`;
  const step = r.recordable
    ? `Correct its answer to the type, or record it again: \`${command}\``
    : "Declare the prompt beside its `recordings/` folder and ask it, or remove the recording";
  const d = diagnostic("test.recording_undecodable", span, { prompt: r.prompt, name: r.name, step });
  const problem = r.problem;
  d.details = [{ label: "decode", text: `${d.summary}: ${typeof problem === "string" ? problem : formatDecodeError(problem)}` }];
  if (typeof problem !== "string") {
    if (problem.expected !== undefined) d.details.push({ label: "expected", text: problem.expected });
    const found = problem.found ?? (problem.rule === "missing" ? "nothing" : undefined);
    if (found !== undefined) d.details.push({ label: "got", text: found });
  }
  return d;
}
