// The `fakes:` script a seed sweep suggests (docs/seeds-and-coverage.md): the shrunk generated
// answers, one entry per prompt in first-call order, ready to paste. A prompt without a script gets
// its answers (a generated tool call as a `call` item); a prompt whose script has `generated` items
// gets its script as written, each `generated` that answered replaced by the values it gave — so
// the entry, pasted over the test's own, makes it fail the same way under any seed.
import type { CheckedFakeItem, CheckedFakes, Span, TestInfo } from "@jadpo/compiler";
import { printValue } from "../values/print.ts";
import type { GeneratedAnswer } from "./observe.ts";

/** Where the entries stand under `fakes:` in a FAIL block, and one level deeper for their items. */
const INDENT = "      ";
const ITEM_INDENT = `${INDENT}    `;

function answerText(answer: GeneratedAnswer): string {
  // Whole: the script is pasted into a test, so it must be the value itself, never a cut one.
  const value = printValue(answer.asType, answer.value, Infinity);
  return answer.tool === null ? value : `call ${answer.tool}(${value})`;
}

/** The suggested entries, each on its own line(s) indented under `fakes:`. */
export function shrunkScript(answers: GeneratedAnswer[], test: TestInfo): string {
  const byPrompt = new Map<string, GeneratedAnswer[]>();
  for (const answer of answers) {
    const given = byPrompt.get(answer.prompt);
    if (given) given.push(answer);
    else byPrompt.set(answer.prompt, [answer]);
  }
  let out = "";
  for (const [prompt, given] of byPrompt) {
    const script = given.some((a) => a.item !== null) ? test.fakes.find((f) => f.prompt?.name === prompt) : undefined;
    const items = script ? scriptedItems(script, given, test.file.source.text) : given.map(answerText);
    out += `\n${INDENT}${entryText(prompt, items)}`;
  }
  return out;
}

/** `ai.p: [a, b]` on one line, or one item a line when an item is written over several. */
function entryText(prompt: string, items: string[]): string {
  if (!items.some((item) => item.includes("\n"))) return `ai.${prompt}: [${items.join(", ")}]`;
  return `ai.${prompt}: [\n${items.map((item) => `${ITEM_INDENT}${item}`).join(",\n")}\n${INDENT}]`;
}

/** The text of each item of `script`, as written, with the `generated` items that answered replaced. */
function scriptedItems(script: CheckedFakes, given: GeneratedAnswer[], text: string): string[] {
  const byItem = new Map<number, string[]>();
  for (const answer of given) {
    if (answer.item === null) continue;
    const values = byItem.get(answer.item.start);
    if (values) values.push(answerText(answer));
    else byItem.set(answer.item.start, [answerText(answer)]);
  }
  return script.items.map((item) => reindented(text, item.item.span, itemText(text, item, byItem)));
}

/** Where an item's text ends: after its `after <duration>`, when it has one. */
function itemEnd(item: CheckedFakeItem): number {
  return item.item.after?.span.end ?? item.item.span.end;
}

/** One item as written, each `generated` in it that answered replaced by its values. */
function itemText(text: string, item: CheckedFakeItem, byItem: Map<number, string[]>): string {
  const start = item.item.span.start;
  if (item.kind === "generated") return replaced(text, item, byItem.get(start), false);
  if (item.kind !== "when") return text.slice(start, itemEnd(item));
  // A `when`'s own items: replaced from the last, so earlier offsets stay where they are.
  let out = text.slice(start, itemEnd(item));
  const list = item.item.kind === "when" && item.item.list;
  for (let i = item.items.length - 1; i >= 0; i--) {
    const inner = item.items[i];
    const values = inner.kind === "generated" ? byItem.get(inner.item.span.start) : undefined;
    if (values === undefined) continue;
    out = out.slice(0, inner.item.span.start - start) + replaced(text, inner, values, !list) + out.slice(itemEnd(inner) - start);
  }
  return out;
}

/**
 * A `generated` item's replacement: its values, its `after` kept on the first (the time of the
 * call's first answer); in brackets when it stood alone after a `when`'s `=>` and gave several.
 */
function replaced(text: string, item: CheckedFakeItem, values: string[] | undefined, alone: boolean): string {
  if (values === undefined) return text.slice(item.item.span.start, itemEnd(item));
  const after = text.slice(item.item.span.end, itemEnd(item));
  const items = [values[0] + after, ...values.slice(1)].join(", ");
  return alone && values.length > 1 ? `[${items}]` : items;
}

/** An item written over several lines, its later lines moved to the suggested entry's indent. */
function reindented(text: string, span: Span, item: string): string {
  if (!item.includes("\n")) return item;
  const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, span.start))![0].length;
  return item.split("\n").map((line, i) => {
    if (i === 0) return line;
    const own = /^[ \t]*/.exec(line)![0].length;
    return ITEM_INDENT + line.slice(Math.min(own, indent));
  }).join("\n");
}
