// The fake's streams (docs/testing.md): text cut into pieces of three words, each word keeping the
// whitespace after it, leading whitespace joining the first piece — so the pieces join back to the text.
import type { StopWord } from "@jadpo/compiler";

const WORDS_PER_PIECE = 3;

export function streamPieces(text: string): string[] {
  if (text === "") return [];
  const words = text.match(/\s*\S+\s*/g);
  if (words === null) return [text]; // whitespace only: one piece, so nothing is lost
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_PIECE) {
    pieces.push(words.slice(i, i + WORDS_PER_PIECE).join(""));
  }
  return pieces;
}

/** A StreamedText value (docs/ai.md); `stopped` is a StreamStop member name. A type alias, so it is a ValueRecord. */
export type StreamedTextValue = { pieces: string[]; text: string; stopped: StopWord };

export function streamedText(text: string, stop: StopWord): StreamedTextValue {
  return { pieces: streamPieces(text), text, stopped: stop };
}
