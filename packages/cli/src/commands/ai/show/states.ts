// Each recording of a prompt and its state, judged exactly as `jadpo test`'s recording test
// judges it (run seed 1): current, made from an older prompt or with another model, or undecodable and why.
import { join } from "node:path";
import { recordingPath, type CheckedProgram, type PromptInfo, type RecordingFile } from "@jadpo/compiler";
import { runRecordingTest } from "@jadpo/runtime";
import { nodeHost } from "../../../node-host.ts";

export type RecordingState =
  | { kind: "current" }
  | { kind: "older"; recorded: string; now: string; fixture?: string }
  | { kind: "other_model"; recorded: string; now: string; fixture?: string }
  | { kind: "undecodable"; problem: string };

export interface RecordingShown {
  name: string;
  /** Root-relative. */
  file: string;
  state: RecordingState;
}

/** The recordings in the prompt's own `recordings/<prompt>/` folder, by name. */
export function recordingsOf(program: CheckedProgram, prompt: PromptInfo): RecordingFile[] {
  return program.recordings
    .filter((r) => r.promptName === prompt.name && r.path === recordingPath(prompt.file.path, prompt.name, r.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function recordingStates(program: CheckedProgram, prompt: PromptInfo, root: string, env: Readonly<Record<string, string | undefined>>): RecordingShown[] {
  const readFile = (path: string) => nodeHost.readFile(join(root, path));
  return recordingsOf(program, prompt).map((recording) => {
    const { result, alerts } = runRecordingTest(program, recording, { runSeed: 1, readFile, env });
    const shown = { name: recording.name, file: recording.path };
    if (result.status === "failed") {
      const d = result.diagnostics[0];
      const decode = d?.details.find((detail) => detail.label === "decode")?.text ?? "";
      // The decode line repeats the summary before the reason: keep only the reason.
      const problem = d !== undefined && decode.startsWith(`${d.summary}: `) ? decode.slice(d.summary.length + 2) : decode;
      return { ...shown, state: { kind: "undecodable", problem } };
    }
    const alert = alerts[0];
    const fixture = alert?.fixture === undefined ? {} : { fixture: alert.fixture };
    if (alert?.kind === "stale_recording") return { ...shown, state: { kind: "older", recorded: alert.recordedVersion, now: alert.currentVersion, ...fixture } };
    if (alert?.kind === "model_drift") return { ...shown, state: { kind: "other_model", recorded: alert.recordedModel, now: alert.currentModel, ...fixture } };
    return { ...shown, state: { kind: "current" } };
  });
}
