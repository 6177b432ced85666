// The block `jadpo ai record` prints once the recording is written, exactly as docs/cli-ai.md shows it.
import type { Paint } from "@jadpo/compiler";
import type { ValuesSource } from "./values.ts";

export interface Recorded {
  prompt: string;
  name: string;
  model: string;
  connection: string;
  from: ValuesSource;
  /** The as-type's name: `SupportAnswer`. */
  typeName: string;
  placeholders: number;
  /** As shown: relative to the current directory, with `/`. */
  file: string;
  version: string;
}

const LABEL = 10;

function line(label: string, text: string): string {
  return `    ${label.padEnd(LABEL)}${text}`;
}

export function fromText(from: ValuesSource): string {
  return from.kind === "fixture" ? `the fixture \`${from.name}\`` : `the last \`jadpo dev\` call, ${from.id}`;
}

export function recordedText(r: Recorded, paint: Paint): string {
  const ok = paint.ok("✓");
  return [
    `${ok} Recorded \`${r.prompt}\`'s answer as \`${r.name}\``,
    line("asked", `${r.model} through ${r.connection}`),
    line("from", fromText(r.from)),
    line("answer", `decodes as ${r.typeName}`),
    line("values", `${r.placeholders} placeholder${r.placeholders === 1 ? "" : "s"}`),
    line("file", r.file),
    `${ok} answer recorded  ${r.version} · ${r.name}`,
    "→ jadpo test  decodes the recording and answers tests with it",
    "",
  ].join("\n");
}
