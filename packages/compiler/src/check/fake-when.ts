// A test's `when` items (docs/testing.md), checked when the test compiles: a prompt's `when` names
// fields of its values type, each a literal of that field's type, none twice; `ai.embed`'s names a
// text. Each problem is one `test.fake_type`, at the field (or at the match). The items a `when`
// holds are checked by the caller, as the script's own items are.
import type { FakeItem, RecordFieldInit, Span } from "../syntax/ast.ts";
import type { CheckedFakeItem, CheckedFakeShape, CheckedWhenField, CheckedWhenMatch, PromptInfo } from "./program.ts";
import { diagnostic, type Detail } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { TEXT, type Type } from "../types/types.ts";
import { objectOf } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { closest } from "../names/suggest.ts";
import { formatProblemDetail, unknownWords } from "../values/problem.ts";
import { THE_ANSWER } from "../vocabulary.ts";
import { report } from "./context.ts";
import { Locals, type Body } from "./body.ts";
import { checkLiteral, numberLiteralValue, type LiteralProblem } from "./check-literal.ts";

export type WhenFakeItem = Extract<FakeItem, { kind: "when" }>;

/** How the problems of a `when`'s match are named. */
const WHAT = "A `when` item's field";

function fakeType(b: Body, at: Span, what: string, type: Type, suggestion: string, detail: Detail, fix: string | null = null): void {
  report(b.cx, diagnostic("test.fake_type", at, { what, type: printType(type), suggestion }, [detail], changeTo(at, fix)));
}

/**
 * `when { … } => …` or `when "…" => …` of a prompt's script (`prompt`) or of `ai.embed` (null):
 * its match checked, and its items by `each`; null, after one diagnostic, when either has a problem.
 */
export function whenItem(
  b: Body, prompt: PromptInfo | null, item: WhenFakeItem, each: (inner: FakeItem) => CheckedFakeItem | null,
): CheckedFakeShape | null {
  const match = prompt === null ? embedMatch(b, item) : promptMatch(b, prompt, item);
  if (match === null || (prompt === null && vectorAsItems(b, item))) return null;
  const items: CheckedFakeItem[] = [];
  for (const inner of item.items) {
    const checked = each(inner);
    if (checked === null) return null;
    items.push(checked);
  }
  return { kind: "when", item, match, items };
}

/**
 * `when "rye" => [0.6, 0.8]`: after `=>`, `[` opens the list of items, so these numbers are items,
 * not one vector. Said so, once, rather than as a number that isn't an embedding.
 */
function vectorAsItems(b: Body, item: WhenFakeItem): boolean {
  const numbers = item.list && item.items.length > 0 && item.items.every((inner) => inner.kind === "value" && numberLiteralValue(inner.expr) !== null);
  if (!numbers) return false;
  const embedding: Type = { kind: "named", decl: b.cx.prelude.embedding };
  fakeType(b, item.items[0].span, "A `when` item's answer", embedding, "After `=>`, `[` opens the list of answers: write the one vector inside it, as `=> [[0.6, 0.8]]`", {
    label: "decode", text: formatProblemDetail({ rule: "type", path: THE_ANSWER, expected: printType(embedding), found: "Decimal" }),
  });
  return true;
}

/** `ai.embed`'s `when` names the text a call embeds. */
function embedMatch(b: Body, item: WhenFakeItem): CheckedWhenMatch | null {
  const match = item.match;
  if (match.kind === "text") return { kind: "text", text: match.text };
  fakeType(b, match.span, "A `when` item of `ai.embed`", TEXT, "Match the text a call embeds, as in `when \"gluten-free\" => …`", {
    label: "decode", text: formatProblemDetail({ rule: "type", path: "the text", expected: "Text", found: "fields" }),
  });
  return null;
}

/** A prompt's `when` names fields of its values type: each once, each a valid value of its field's type. */
function promptMatch(b: Body, prompt: PromptInfo, item: WhenFakeItem): CheckedWhenMatch | null {
  const values: Type = { kind: "named", decl: prompt.valuesType };
  const match = item.match;
  if (match.kind === "text") {
    const first = objectOf(values)?.def;
    const field = first?.kind === "object" && first.fields.length > 0 ? first.fields[0].name : "question";
    fakeType(b, match.span, "A `when` item's text", values, `Match the call's values by field, as in \`when { ${field}: … } => …\`; a text matches \`ai.embed\`'s calls`, {
      label: "decode", text: formatProblemDetail({ rule: "type", path: "the values", expected: printType(values), found: "Text" }),
    });
    return null;
  }
  const def = prompt.valuesType.def;
  const fields = def.kind === "object" ? def.fields : [];
  const checked: CheckedWhenField[] = [];
  const given = new Map<string, number>();
  for (const init of match.fields) {
    const field = whenField(b, values, fields, given, init);
    if (field === null) return null;
    checked.push(field);
  }
  return { kind: "fields", fields: checked };
}

function whenField(
  b: Body, values: Type, fields: readonly { name: string; type: Type }[], given: Map<string, number>, init: RecordFieldInit,
): CheckedWhenField | null {
  const name = init.name.name;
  const field = fields.find((f) => f.name === name);
  if (!field) {
    const near = closest(name, fields.map((f) => f.name));
    const suggestion = near === null
      ? `Match one of \`${printType(values)}\`'s fields: ${fields.map((f) => `\`${f.name}\``).join(", ")}`
      : `Did you mean \`${near}\`? \`${printType(values)}\` has no field \`${name}\``;
    fakeType(b, init.name.span, WHAT, values, suggestion, {
      label: "decode", text: formatProblemDetail({ rule: "unknown", path: name, ...unknownWords(values, fields.map((f) => f.name)) }),
    }, near);
    return null;
  }
  const first = given.get(name);
  if (first !== undefined) {
    fakeType(b, init.name.span, WHAT, values, `Give \`${name}\` once: a call's \`${name}\` has one value`, {
      label: "note", text: `\`${name}\` is given twice; first on line ${first}`,
    });
    return null;
  }
  given.set(name, init.name.span.line);
  const mode = { kind: "fake" as const, constraints: true, problems: [] as LiteralProblem[] };
  checkLiteral(b, new Locals(), init.value, field.type, mode, name, init.value.span);
  const problem = mode.problems[0];
  if (problem) {
    fakeType(b, problem.at, WHAT, values, problem.suggestion ?? `Match a valid \`${printType(field.type)}\`: a call's values are always valid`, {
      label: "decode", text: formatProblemDetail({ rule: problem.rule, path: problem.path, expected: problem.expected, found: problem.found }),
    });
    return null;
  }
  return { name, type: field.type, expr: init.value };
}
