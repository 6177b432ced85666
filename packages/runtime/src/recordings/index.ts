// Recording files (SPEC 9): read strictly, write atomically, placeholders in and out.
export { readRecording, MAX_RECORDING_BYTES, type RecordingRead } from "./read.ts";
export { writeRecordingAtomic, recordingText } from "./write.ts";
export { applyPlaceholders, fillPlaceholders, type FillResult, type PlaceholderError } from "./placeholders.ts";
export { recordingPath } from "./paths.ts";
export { parseStrictJson, type StrictJsonResult } from "./strict-json.ts";
