// Name casing (SPEC 2): types and failures UpperCamel; every other name lower_snake.
// `checkCasing` walks one file's declarations and reports each badly cased name once,
// with the spelling it should have.
import type { Block, Decl, Expr, Ident, MatchArm, Param, Pattern, Stmt, TypeBody } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";

const UPPER_CAMEL = /^[A-Z][A-Za-z0-9]*$/;
const LOWER_SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export function isUpperCamel(name: string): boolean {
  return UPPER_CAMEL.test(name);
}

export function isLowerSnake(name: string): boolean {
  return LOWER_SNAKE.test(name);
}

/** The words of a name in any casing: `answerQuestion`, `answer_question`, `AnswerQuestion` → answer, question. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
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

/** Every badly cased declared name in one file: declarations, fields, members, parameters and locals. */
export function checkCasing(decls: Decl[]): Diagnostic[] {
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
        checkIdent(decl.name, "lower", out);
        checkParams(decl.params, out);
        checkBlock(decl.body, out);
        break;
      case "prompt":
        checkIdent(decl.name, "lower", out);
        checkParams(decl.params, out);
        break;
      case "fixtures":
        checkIdent(decl.name, "lower", out);
        for (const member of decl.members) {
          checkIdent(member.name, "lower", out);
          checkParams(member.params, out);
          checkBlock(member.body, out);
        }
        break;
      case "connection":
        checkIdent(decl.name, "lower", out);
        break;
      case "test":
        checkBlock(decl.body, out);
        break;
      case "use":
      case "locales":
        break;
    }
  }
  return out;
}

// Local names (`var`, `for`, match bindings) are values too. The walk is iterative over an explicit
// stack so deep nesting can't overflow it.
type Work = Block | Stmt | Expr | MatchArm;

function checkBlock(block: Block, out: Diagnostic[]): void {
  const stack: Work[] = [block];
  const found: Ident[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // Statements and expressions have a `kind`; only blocks and match arms don't.
    if ((node as { kind?: string }).kind !== undefined) {
      visit(node as Stmt | Expr, stack, found);
      continue;
    }
    if ("statements" in node) {
      for (let i = node.statements.length - 1; i >= 0; i--) stack.push(node.statements[i]);
      continue;
    }
    if ("pattern" in node) {
      bindingOf(node.pattern, found);
      const body = node.body;
      if (body.kind === "expr") stack.push(body.expr);
      else if (body.kind === "block") stack.push(body.block);
    }
  }
  for (const ident of found) checkIdent(ident, "lower", out);
}

function bindingOf(pattern: Pattern, found: Ident[]): void {
  if (pattern.kind === "success" || pattern.kind === "some") found.push(pattern.binding);
}

/** Pushes `a`, then `b`, then `c` so they are popped in that order (absent ones skipped). */
function push3(stack: Work[], a: Work | null, b: Work | null, c: Work | null): void {
  if (c) stack.push(c);
  if (b) stack.push(b);
  if (a) stack.push(a);
}

/** Pushes `items` so they are popped first to last. */
function pushAll(stack: Work[], items: readonly Work[]): void {
  for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
}

// No closure or spread per node: this walk visits every expression of the project.
function visit(node: Stmt | Expr, stack: Work[], found: Ident[]): void {
  switch (node.kind) {
    case "var":
      found.push(node.name);
      stack.push(node.value);
      return;
    case "for":
      found.push(node.item);
      push3(stack, node.list, node.body, null);
      return;
    case "assign":
    case "return":
      if (node.value) stack.push(node.value);
      return;
    case "if":
      push3(stack, node.cond, node.then, node.else);
      return;
    case "assert":
    case "expr":
      stack.push(node.expr);
      return;
    case "advance":
      stack.push(node.by);
      return;
    case "reject":
      return;
    case "list":
      pushAll(stack, node.items);
      return;
    case "record":
      for (let i = node.fields.length - 1; i >= 0; i--) stack.push(node.fields[i].value);
      return;
    case "member":
      stack.push(node.object);
      return;
    case "call":
      pushAll(stack, node.args);
      stack.push(node.callee);
      return;
    case "unary":
    case "attempt":
      stack.push(node.operand);
      return;
    case "binary":
      push3(stack, node.left, node.right, null);
      return;
    case "paren":
      stack.push(node.inner);
      return;
    case "match":
      pushAll(stack, node.arms);
      stack.push(node.subject);
      return;
    default:
      return;
  }
}
