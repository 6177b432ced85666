// The text `jadpo ai show <prompt>` prints (docs/cli-ai.md): the version, then one aligned line
// per fact, in the style of `jadpo ai record`'s block; a `→` line for each recording to redo.
import { printType, type Paint, type PromptInfo, type Span } from "@jadpo/compiler";
import { shapeOf } from "@jadpo/runtime";
import type { RecordingShown, RecordingState } from "./states.ts";

const LABEL = 12;

/** One labelled fact over one or more lines; the label only on the first. */
function block(label: string, lines: string[]): string[] {
  const shown = lines.length === 0 ? ["none"] : lines;
  return shown.map((text, i) => `    ${(i === 0 ? label : "").padEnd(LABEL)}${text}`);
}

function parameters(prompt: PromptInfo): string[] {
  const shape = shapeOf({ kind: "named", decl: prompt.valuesType });
  return shape.kind === "object" ? shape.fields.map((f) => `${f.name}: ${printType(f.type)}`) : [];
}

function askedAs(prompt: PromptInfo): string[] {
  if (prompt.use === "stream") return ["text, streamed by `ai.stream`"];
  return prompt.asTypes.map(printType);
}

function stateText(state: RecordingState, paint: Paint): string {
  switch (state.kind) {
    case "current":
      return "current";
    case "older":
      return paint.alert(`older prompt (${state.recorded}, now ${state.now})`);
    case "other_model":
      return paint.alert(`other model (${state.recorded}, now ${state.now})`);
    case "undecodable":
      return paint.error(`undecodable: ${state.problem}`);
  }
}

function remedy(prompt: PromptInfo, r: RecordingShown): string | null {
  const fixture = (r.state.kind === "older" || r.state.kind === "other_model") && r.state.fixture !== undefined ? ` --fixture ${r.state.fixture}` : "";
  if (r.state.kind === "older") return `→ jadpo ai record ${prompt.name} --as ${r.name}${fixture}  records it again from the prompt now`;
  if (r.state.kind === "other_model") return `→ jadpo ai record ${prompt.name} --as ${r.name}${fixture}  records it again from the model now`;
  if (r.state.kind === "undecodable") return `→ jadpo ai record ${prompt.name} --as ${r.name} --force  records it again`;
  return null;
}

export interface ShowFacts {
  prompt: PromptInfo;
  recordings: RecordingShown[];
  displayPath: (file: string) => string;
  paint: Paint;
}

function where(span: Span, displayPath: (file: string) => string): string {
  return `${displayPath(span.file)}:${span.line}`;
}

export function showText({ prompt, recordings, displayPath, paint }: ShowFacts): string {
  const width = Math.max(0, ...recordings.map((r) => r.name.length));
  const lines = [
    paint.bold(prompt.version),
    ...block("declared", [where(prompt.decl.name.span, displayPath)]),
    ...block("parameters", parameters(prompt)),
    ...block("asked as", askedAs(prompt)),
    // Only a prompt with tools has these lines, so every other prompt shows as it did.
    ...(prompt.tools.length === 0 ? [] : [
      ...block("tools", prompt.tools.map((t) => `${t.name}: ${printType(t.argsType)}`)),
      ...block("max steps", [String(prompt.maxSteps)]),
    ]),
    ...block("called at", prompt.calls.map((span) => where(span, displayPath))),
    ...block("recordings", recordings.map((r) => `${r.name.padEnd(width)}  ${stateText(r.state, paint)}`)),
  ];
  for (const r of recordings) {
    const line = remedy(prompt, r);
    if (line !== null) lines.push(line);
  }
  return `${lines.join("\n")}\n`;
}
