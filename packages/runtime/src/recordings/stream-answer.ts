// A stream prompt's recording (docs/cli-ai.md): the answer keeps how the text arrived — each
// piece's length in code points — and how the stream stopped, never the text. Read back, each
// piece is generated text of its length, so code under test sees the real number and lengths of
// pieces and the real stop, and no personal text is ever kept.
import { codePointLength, decodeJson, STOP_WORDS, type NamedType, type StopWord, type Type } from "@jadpo/compiler";
import type { StreamReply } from "../ai/backend.ts";
import type { DecodeError } from "../ai/decode.ts";
import { wordsText } from "../ai/defaults.ts";
import type { Rng } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";

/** A stream's answer as its recording keeps it. */
export interface RecordedStream {
  /** Each piece's length in code points, in order; each at least 1. */
  pieces: number[];
  stopped: StopWord;
}

// The form as a type, so a recording that isn't of it gets the decode words any answer gets
// (`min` on `pieces[1]`: expected at least 1, got 0). The names are what those words print.
const PIECE_LENGTH: NamedType = { name: "Int", module: "", def: { kind: "scalar", base: "Int", constraints: { min: 1 } } };
const STREAM_STOP: NamedType = { name: "StreamStop", module: "", def: { kind: "enum", members: STOP_WORDS.map((name) => ({ name, tag: name })) } };
const RECORDED_STREAM: Type = {
  kind: "named",
  decl: {
    name: "a streamed answer",
    module: "",
    def: {
      kind: "object",
      fields: [
        { name: "pieces", type: { kind: "list", item: { kind: "named", decl: PIECE_LENGTH } } },
        { name: "stopped", type: { kind: "named", decl: STREAM_STOP } },
      ],
    },
  },
};

/** A recording's `answer` read as a stream's. */
export function decodeRecordedStream(json: JsonValue): { ok: true; stream: RecordedStream } | { ok: false; error: DecodeError } {
  const decoded = decodeJson(RECORDED_STREAM, json);
  if (!decoded.ok) return { ok: false, error: decoded.problem };
  return { ok: true, stream: decoded.value as unknown as RecordedStream };
}

/** What a recording keeps of a stream the model sent: its pieces' lengths (empty pieces are none) and its stop. */
export function recordedStream(pieces: readonly string[], stopped: StopWord): RecordedStream {
  return { pieces: pieces.map(codePointLength).filter((n) => n > 0), stopped };
}

/**
 * The stream a recording answers with: one run of generated words (the generator's own, from
 * `rng`) as long as all the pieces together, cut into pieces of the recorded lengths.
 */
export function replayStream(stream: RecordedStream, rng: Rng): StreamReply {
  const total = stream.pieces.reduce((sum, n) => sum + n, 0);
  // Generated words are ASCII, so code points and string indices agree.
  const text = total === 0 ? "" : wordsText(rng, total, total);
  const pieces: string[] = [];
  let at = 0;
  for (const n of stream.pieces) {
    pieces.push(text.slice(at, at + n));
    at += n;
  }
  return { pieces, text, stopped: stream.stopped };
}
