// Name casing (docs/language.md): types and failures UpperCamel; every other name lower_snake.
// `checkCasing` reads one file's declarations and local names and reports each badly cased
// name once, with the spelling it should have.
import type { Decl, Ident, Param, TypeBody } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { isLowerSnake, isUpperCamel } from "./case-tests.ts";


/** The words of a name in any casing: `answerQuestion`, `answer_question`, `AnswerQuestion` → answer, question. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    // A lookahead, not `([A-Z]+)([A-Z][a-z])`: that backtracks quadratically on a long run of capitals.
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** `answer_question` → `AnswerQuestion` (a prompt's values type is named this way). */
export function toUpperCamel(name: string): string {
  const camel = words(name).map((word) => word[0].toUpperCase() + word.slice(1)).join("");
  return /^[0-9]/.test(camel) ? `T${camel}` : camel || name;
}

/** `AnswerQuestion` → `answer_question`. */
export function toLowerSnake(name: string): string {
  const snake = words(name).join("_");
  return /^[0-9]/.test(snake) ? `n_${snake}` : snake || name;
}

/** A recording name to suggest for `name`: its lower_snake form, or a placeholder when it has none. */
export function recordingNameFor(name: string): string {
  const snake = toLowerSnake(name);
  return isLowerSnake(snake) ? snake : "recording_name";
}

type Casing = "upper" | "lower";

function checkIdent(ident: Ident, casing: Casing, out: Diagnostic[]): void {
  const name = ident.name;
  if (name === "_") return;
  const ok = casing === "upper" ? isUpperCamel(name) : isLowerSnake(name);
  if (ok) return;
  const suggested = casing === "upper" ? toUpperCamel(name) : toLowerSnake(name);
  out.push(diagnostic("name.casing", ident.span, { name, suggested }));
}

function checkParams(params: Param[] | null, out: Diagnostic[]): void {
  for (const param of params ?? []) checkIdent(param.name, "lower", out);
}

function checkTypeBody(body: TypeBody, out: Diagnostic[]): void {
  if (body.kind === "enum") for (const member of body.members) checkIdent(member, "lower", out);
  if (body.kind === "object") for (const field of body.fields) checkIdent(field.name, "lower", out);
}

/**
 * Every badly cased declared name in one file: declarations, fields, members, parameters, and the
 * local names its bodies declare (`locals`, noted by the parser).
 */
export function checkCasing(decls: Decl[], locals: readonly Ident[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const decl of decls) {
    switch (decl.kind) {
      case "type":
        checkIdent(decl.name, "upper", out);
        checkTypeBody(decl.body, out);
        break;
      case "failure":
        checkIdent(decl.name, "upper", out);
        break;
      case "function":
      case "action":
      case "prompt":
      case "connection":
        checkIdent(decl.name, "lower", out);
        if (decl.kind !== "connection") checkParams(decl.params, out);
        break;
      case "fixtures":
        checkIdent(decl.name, "lower", out);
        for (const member of decl.members) {
          checkIdent(member.name, "lower", out);
          checkParams(member.params, out);
        }
        break;
      case "test":
      case "use":
      case "locales":
        break;
    }
  }
  for (const ident of locals) checkIdent(ident, "lower", out);
  return out;
}
