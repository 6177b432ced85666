// Recording files (docs/testing.md): read strictly, write atomically, placeholders in and out.
export { readRecording, type RecordingRead } from "./read.ts";
export { writeRecordingAtomic, recordingText } from "./write.ts";
export { applyPlaceholders, fillPlaceholders, type FillResult, type PlaceholderError, type PlaceholderField } from "./placeholders.ts";
export { parseStrictJson, type StrictJsonResult } from "./strict-json.ts";
export { removeStaleFiles } from "../files/stale.ts";
export { readAsked, type Asked } from "./asked.ts";
export { askedWithValues, RecordingKey, valuesDigest, valuesDigestOfJson } from "./values-digest.ts";
export { replaceFileAtomic, writeFileAtomic, type AtomicWrite } from "../files/atomic.ts";
export { RECORDING_FOLDER_NAMES } from "../files/own-names.ts";
export { currentModel } from "./current-model.ts";
export { undecodableRecordings } from "./decodable.ts";
export { readSteps, decodeSteps, recordSteps, type RecordedCall, type RecordedStep, type DecodedCall } from "./steps.ts";
export { decodeRecordedStream, recordedStream, type RecordedStream } from "./stream-answer.ts";
