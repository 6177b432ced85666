// Prompts (docs/language.md): the values type (one field per parameter), `system:`/`text:`, placeholders
// (`prompt.unknown_placeholder`) and the version digest. How calls use a prompt is filled later.
import type { Expr, PromptDecl, Span } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { PromptInfo } from "./program.ts";
import type { Type } from "../types/types.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { objectOf } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { parseTemplate } from "../prompts/template.ts";
import { promptVersion, spellTypeRef } from "../prompts/version.ts";
import { report, type Checker } from "./context.ts";
import { badEntry, entriesByName, exprOf } from "./config-entries.ts";
import { resolveTypeRef } from "./type-refs.ts";

export function declarePrompts(cx: Checker): void {
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind === "prompt") declareOne(cx, file, decl);
    }
  }
}

function declareOne(cx: Checker, file: LoadedFile, decl: PromptDecl): void {
  const valuesType = cx.promptValues.get(decl)!;
  const params = decl.params.map((p) => ({ name: p.name.name, type: resolveTypeRef(cx, file, p.type) }));
  valuesType.def = { kind: "object", fields: params };
  const entries = entriesByName(cx, decl.entries, ["system", "text"], `\`${decl.name.name}\``);
  const templateText = (name: "system" | "text"): { text: string; expr: Expr | null } => {
    const entry = entries.get(name);
    if (!entry) return { text: "", expr: null };
    const expr = exprOf(entry.value);
    if (expr && expr.kind === "text") return { text: expr.value, expr };
    badEntry(cx, entry.value.span, name, "a text", `Write \`${name}: """ ... """\``);
    return { text: "", expr: null };
  };
  const system = templateText("system");
  const text = templateText("text");
  if (!entries.has("text")) {
    const owner = `\`${decl.name.name}\``;
    report(cx, diagnostic("type.missing_entry", decl.name.span, { owner, entry: "text", example: 'text: """ ... """', more: " with what the model is asked" }));
  }
  for (const part of [system, text]) if (part.expr) checkPlaceholders(cx, file, decl, params, part.text, part.expr);
  const version = promptVersion({
    name: decl.name.name,
    params: decl.params.map((p) => [p.name.name, spellTypeRef(p.type)]),
    system: system.text,
    text: text.text,
  });
  const info: PromptInfo = {
    name: decl.name.name, decl, file, valuesType, version, system: system.text, text: text.text, use: "unused", asTypes: [], calls: [],
  };
  cx.promptByDecl.set(decl, info);
  cx.promptByValues.set(valuesType, info);
  if (!cx.prompts.has(info.name)) cx.prompts.set(info.name, info);
}

/** Whether `path` (`param` or `param.field...`) names a parameter and fields of it. */
function placeholderResolves(params: { name: string; type: Type }[], path: string[]): boolean {
  const param = params.find((p) => p.name === path[0]);
  if (!param) return false;
  let type: Type = param.type;
  for (const field of path.slice(1)) {
    if (type.kind === "error") return true;
    if (type.kind === "optional") type = type.inner;
    const object = objectOf(type);
    const found = object && object.def.kind === "object" ? object.def.fields.find((f) => f.name === field) : undefined;
    if (!found) return false;
    type = found.type;
  }
  return true;
}

function checkPlaceholders(cx: Checker, file: LoadedFile, decl: PromptDecl, params: { name: string; type: Type }[], template: string, expr: Expr): void {
  for (const part of parseTemplate(template)) {
    if (part.kind === "text") continue;
    if (part.kind === "placeholder" && placeholderResolves(params, part.path)) continue;
    const written = `{${part.raw}}`;
    const { suggestion, near } = placeholderSuggestion(params, part.kind === "placeholder" ? part.path : null);
    const at = placeholderSpan(file, expr.span, written);
    report(cx, diagnostic("prompt.unknown_placeholder", at ?? expr.span, {
      placeholder: part.raw, prompt: decl.name.name, suggestion,
    }, [], at === null ? [] : changeTo(at, near)));
  }
}

/** The `next:` for an unknown placeholder, and the placeholder it suggests (as written, braces included), if any. */
function placeholderSuggestion(params: { name: string; type: Type }[], path: string[] | null): { suggestion: string; near: string | null } {
  const fallback = params.length > 0
    ? `Name a parameter, such as \`{${params[0].name}}\`, or write \`{{\` for a brace`
    : "Add the parameter to the prompt, or write `{{` for a brace";
  const only = (suggestion: string) => ({ suggestion, near: null });
  if (!path) return only(fallback);
  const param = params.find((p) => p.name === path[0]);
  if (!param) {
    const near = closest(path[0], params.map((p) => p.name));
    const written = near && `{${[near, ...path.slice(1)].join(".")}}`;
    return { suggestion: didYouMean(written, fallback), near: written };
  }
  // The parameter exists: find the first field that doesn't.
  let type: Type = param.type;
  for (let i = 1; i < path.length; i++) {
    if (type.kind === "optional") type = type.inner;
    const object = objectOf(type);
    const fields = object && object.def.kind === "object" ? object.def.fields : [];
    const field = fields.find((f) => f.name === path[i]);
    if (field) {
      type = field.type;
      continue;
    }
    const near = closest(path[i], fields.map((f) => f.name));
    if (near) {
      const written = `{${[...path.slice(0, i), near].join(".")}}`;
      return { suggestion: didYouMean(written, ""), near: written };
    }
    if (fields.length === 0) return only(`\`{${path.slice(0, i).join(".")}}\` has no fields: write \`{${path.slice(0, i).join(".")}}\``);
    return only(`Name a field of \`${printType(type)}\`: ${fields.map((f) => `\`${f.name}\``).join(", ")}`);
  }
  return only(fallback);
}

/** Where `written` stands in the source of the text literal, or null when it can't be found there. */
function placeholderSpan(file: LoadedFile, span: Span, written: string): Span | null {
  const source = file.source.text;
  const at = source.indexOf(written, span.start);
  if (at < 0 || at + written.length > span.end) return null;
  const { line, column } = file.source.position(at);
  return { file: span.file, line, column, start: at, end: at + written.length };
}
