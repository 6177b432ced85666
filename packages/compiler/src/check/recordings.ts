// Recording files as the checker knows them: their prompt and name, from the path alone
// (`<folder>/recordings/<prompt>/<name>.json`). Decoding them is the runtime's.
import type { RecordingFile } from "./program.ts";

const RECORDING = /(?:^|\/)recordings\/([^/]+)\/([^/]+)\.json$/;

export function recordingFilesOf(paths: string[]): RecordingFile[] {
  const out: RecordingFile[] = [];
  for (const path of [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const m = RECORDING.exec(path);
    if (m) out.push({ path, promptName: m[1], name: m[2] });
  }
  return out;
}
