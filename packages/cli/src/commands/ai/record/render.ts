// The block `jadpo ai record` prints once the recording is written, exactly as docs/cli-ai.md shows it.
import type { Paint } from "@jadpo/compiler";
import type { PlaceholderField, RecordedStream } from "@jadpo/runtime/recordings";
import type { ValuesSource } from "./values.ts";
import { plural } from "../../../plural.ts";

/** An answer decoded as a type (`typeName`: `SupportAnswer`), or a stream. */
export type RecordedAnswer = { typeName: string } | { stream: RecordedStream };

export interface Recorded {
  prompt: string;
  name: string;
  model: string;
  connection: string;
  from: ValuesSource;
  /** What was recorded: an answer of a type, or a stream's pieces and stop. */
  answer: RecordedAnswer;
  placeholders: number;
  /** The fields the placeholders stand in. */
  fields: PlaceholderField[];
  /** As shown: relative to the current directory, with `/`. */
  file: string;
  version: string;
  /** A prompt with tools: the tools each recorded step called, in order (empty: it answered at once). */
  steps?: string[][];
}

const LABEL = 10;

function line(label: string, text: string): string {
  return `    ${label.padEnd(LABEL)}${text}`;
}

export function fromText(from: ValuesSource): string {
  switch (from.kind) {
    case "fixture":
      return `the fixture \`${from.name}\``;
    case "dev_call":
      return `the last \`jadpo dev\` call, ${from.id}`;
    case "same_values_call":
      return `the \`jadpo dev\` call with the same values, ${from.id}`;
  }
}

export function placeholdersText(count: number): string {
  return plural(count, "placeholder");
}

/**
 * The line naming the fields kept as placeholders, and how to keep them verbatim:
 * `  placeholders  reply → {Text}; \`personal: false\` on a field's type keeps it verbatim`. It follows
 * the block, so the block itself stays as docs/cli-ai.md shows it. None without placeholders.
 */
export function placeholderFieldsLines(fields: PlaceholderField[]): string[] {
  if (fields.length === 0) return [];
  const list = fields.map((f) => `${f.path} → ${f.placeholder}`).join(", ");
  return [`  placeholders  ${list}; \`personal: false\` on a field's type keeps it verbatim`];
}

/** `2 steps calling find_order; opening_hours, find_order`: what a tool prompt's recording replays. */
export function stepsText(steps: string[][]): string {
  if (steps.length === 0) return "none: the model answered without calling a tool";
  return `${plural(steps.length, "step")} calling ${steps.map((tools) => tools.join(", ")).join("; ")}`;
}

/** `3 pieces, 35 characters in all, stopped `finished``: what a stream's recording keeps. */
export function streamText(stream: RecordedStream): string {
  const n = stream.pieces.length;
  const characters = stream.pieces.reduce((sum, length) => sum + length, 0);
  return `${plural(n, "piece")}, ${plural(characters, "character")} in all, stopped \`${stream.stopped}\``;
}

/** What the block says of the answer: its type and placeholders, or a stream's pieces and that their text isn't kept. */
function answerLines(r: Recorded): string[] {
  if ("stream" in r.answer) {
    return [line("answer", `streamed in ${streamText(r.answer.stream)}`), line("values", "no text kept: a test reads generated words of each piece's length")];
  }
  return [line("answer", `decodes as ${r.answer.typeName}`), line("values", placeholdersText(r.placeholders))];
}

export function recordedText(r: Recorded, paint: Paint): string {
  const ok = paint.ok("✓");
  return [
    `${ok} Recorded \`${r.prompt}\`'s answer as \`${r.name}\``,
    line("asked", `${r.model} through ${r.connection}`),
    line("from", fromText(r.from)),
    ...(r.steps === undefined ? [] : [line("steps", stepsText(r.steps))]),
    ...answerLines(r),
    line("file", r.file),
    `${ok} answer recorded  ${r.version} · ${r.name}`,
    "→ jadpo test  decodes the recording and answers tests with it",
    ...placeholderFieldsLines(r.fields),
    "",
  ].join("\n");
}
