// Signatures of functions, actions and fixtures (resolved once), then every body: functions,
// actions (with the exact `fails` rule), fixtures and tests.
import type { ActionDecl, Block, Decl, FixtureMember, FunctionDecl, Ident, Param, TestDecl } from "../syntax/ast.ts";
import type { SideTables } from "./side-tables.ts";
import type { Steps } from "../steps.ts";
import type { LoadedFile } from "../modules/graph.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { VOID, type Type } from "../types/types.ts";
import { printType } from "../types/print-type.ts";
import { report, type Checker, type Signature } from "./context.ts";
import { resolveTypeRef } from "./type-refs.ts";
import { Locals, type Body, type BodyKind } from "./body.ts";
import { checkBlock } from "./check-stmt.ts";
import { checkEscapes, declareActionFailures } from "./failures.ts";
import { checkFakes } from "./fakes.ts";

/**
 * Signatures already made, by parameter names and type identities: callables with the same
 * parameters and result share one (a large project has hundreds of thousands of `(x: Int) -> Int`).
 * Nothing changes a signature once made.
 */
class SignatureTable {
  private readonly made = new Map<string, Signature>();
  private readonly ids = new WeakMap<Type, number>();
  private next = 0;

  private id(type: Type): number {
    let id = this.ids.get(type);
    if (id === undefined) this.ids.set(type, (id = this.next++));
    return id;
  }

  of(params: { name: string; type: Type }[], result: Type): Signature {
    let key = String(this.id(result));
    for (const p of params) key += `\0${p.name}\0${this.id(p.type)}`;
    let signature = this.made.get(key);
    if (signature === undefined) this.made.set(key, (signature = { params, result }));
    return signature;
  }
}

function signatureOf(cx: Checker, file: LoadedFile, params: Param[] | null, result: Parameters<typeof resolveTypeRef>[2] | null, table: SignatureTable): Signature {
  return table.of(
    (params ?? []).map((p) => ({ name: p.name.name, type: resolveTypeRef(cx, file, p.type) })),
    result ? resolveTypeRef(cx, file, result) : VOID,
  );
}

/** Every callable's signature and every action's `fails`, before any body refers to them. */
export function declareSignatures(cx: Checker): void {
  const table = new SignatureTable();
  for (const file of cx.graph.files) for (const decl of file.syntax.decls) declareCallable(cx, file, decl, table);
}

/** The signatures and `fails` of one declaration's callables (none for other declarations). */
export function declareCallable(cx: Checker, file: LoadedFile, decl: Decl, table = new SignatureTable()): void {
  if (decl.kind === "function" || decl.kind === "action") {
    cx.signatures.set(decl, signatureOf(cx, file, decl.params, decl.returnType, table));
    declareActionFailures(cx, file, decl);
  } else if (decl.kind === "fixtures") {
    for (const member of decl.members) cx.signatures.set(member, signatureOf(cx, file, member.params, member.returnType, table));
  }
}

function newBody(cx: Checker, file: LoadedFile, kind: BodyKind, name: string, returnType: Type): Body {
  return { cx, file, kind, name, returnType, escapes: [] };
}

function paramsEnv(signature: Signature | undefined, params: Param[] | null): Locals {
  const env = new Locals();
  (params ?? []).forEach((p, i) => env.set(p.name.name, { type: signature?.params[i]?.type ?? VOID, mutable: false, at: p.name.span }));
  return env;
}

function checkCallable(
  cx: Checker, file: LoadedFile, kind: BodyKind, name: string, nameIdent: Ident,
  node: FunctionDecl | ActionDecl | FixtureMember, block: Block, params: Param[] | null, action: ActionDecl | FunctionDecl | null,
): void {
  const signature = cx.signatures.get(node);
  const b = newBody(cx, file, kind, name, signature?.result ?? VOID);
  const result = checkBlock(b, paramsEnv(signature, params), block, null);
  const returns = b.returnType;
  if (!result.terminates && returns.kind !== "void" && returns.kind !== "error") {
    report(cx, diagnostic("type.missing_return", nameIdent.span, { name, type: printType(returns) }));
  }
  checkEscapes(b, action);
}

/** One function's, action's or fixture member's body and how it is checked. */
interface CallableBody {
  kind: BodyKind;
  name: string;
  nameIdent: Ident;
  node: FunctionDecl | ActionDecl | FixtureMember;
  block: Block;
  params: Param[] | null;
  action: ActionDecl | FunctionDecl | null;
}

/** The callable bodies a declaration holds (none for other declarations). */
function callableBodies(decl: Decl): CallableBody[] {
  if (decl.kind === "function" || decl.kind === "action") {
    return [{ kind: decl.kind, name: decl.name.name, nameIdent: decl.name, node: decl, block: decl.body, params: decl.params, action: decl }];
  }
  if (decl.kind !== "fixtures") return [];
  return decl.members.map((member) => ({
    kind: "fixture", name: `${decl.name.name}.${member.name.name}`, nameIdent: member.name, node: member, block: member.body, params: member.params, action: null,
  }));
}

function checkCallableBody(cx: Checker, file: LoadedFile, c: CallableBody): void {
  checkCallable(cx, file, c.kind, c.name, c.nameIdent, c.node, c.block, c.params, c.action);
}

/** How checkBodies takes a declaration with bodies: `check` checks them (an editor's re-check may replay what it kept instead). */
export type BodyStep = (file: LoadedFile, decl: Decl, check: () => void) => void;

export interface BodiesOptions {
  /** Where function, action and fixture bodies write their facts (default: the checker's tables). */
  callables?: SideTables;
  /** Where tests write theirs (default: the checker's tables). */
  tests?: SideTables;
  each?: BodyStep;
  /** Takes every body of a file at once instead (an editor's re-check replays a file it kept): true when it did. */
  file?: (file: LoadedFile) => boolean;
}

/** The check of every body `decl` holds, or null when it holds none. */
function bodiesOf(cx: Checker, file: LoadedFile, decl: Decl): (() => void) | null {
  if (decl.kind === "test") return () => checkTestBody(cx, file, decl);
  const bodies = callableBodies(decl);
  if (bodies.length === 0) return null;
  return () => {
    for (const body of bodies) checkCallableBody(cx, file, body);
  };
}

/** Checks every body of every file, in path order then source order, pausing after each declaration. */
export function* checkBodies(cx: Checker, options: BodiesOptions = {}): Steps<void> {
  const own: SideTables = { exprTypes: cx.exprTypes, resolutions: cx.resolutions };
  for (const file of cx.graph.files) {
    if (options.file?.(file)) {
      yield;
      continue;
    }
    for (const decl of file.syntax.decls) {
      if (decl.incomplete) continue; // cut short by a syntax error, already reported
      const check = bodiesOf(cx, file, decl);
      if (check === null) continue;
      const tables = decl.kind === "test" ? options.tests : options.callables;
      if (tables) Object.assign(cx, tables);
      if (options.each) options.each(file, decl, check);
      else check();
      Object.assign(cx, own);
      yield;
    }
  }
}

/**
 * The `bodyFacts` of a program whose first check kept only some facts (see checkBodies): checks
 * a body again, the first time it is asked, writing every fact to `tables` — a function's,
 * action's or fixture member's, and with `tests` a test's (its fakes too). Its diagnostics were
 * reported by the first check and are dropped; what the first check noted for later bodies
 * (unknown names, undeclared failures, prompt calls) is not noted twice.
 */
export function bodyFactsOnDemand(cx: Checker, tables: SideTables, tests: boolean): (file: string, body: Block) => void {
  const done = new Set<Block>();
  let files: Map<string, LoadedFile> | null = null;
  return (path, body) => {
    if (done.has(body)) return;
    done.add(body);
    files ??= new Map(cx.graph.files.map((f) => [f.path, f]));
    const file = files.get(path);
    if (!file) return;
    const again: Checker = {
      ...cx, ...tables,
      diagnostics: [], promptCalls: new Map(), callLog: undefined, missingUses: undefined, unknownTypes: new Set(cx.unknownTypes),
      suggestionsAsked: new Map(cx.suggestionsAsked), undeclaredFailures: new Map(cx.undeclaredFailures),
    };
    for (const decl of file.syntax.decls) {
      if (decl.incomplete) continue;
      if (decl.kind === "test") {
        if (!tests || decl.body !== body) continue;
        // An editor's first check keeps no fact of a test, its fakes' included.
        checkTestBody(again, file, decl);
        checkFakes(again, file, decl);
        return;
      }
      for (const c of callableBodies(decl)) if (c.block === body) return checkCallableBody(again, file, c);
    }
  };
}

function checkTestBody(cx: Checker, file: LoadedFile, decl: TestDecl): void {
  if (file.kind !== "test") {
    report(cx, diagnostic("test.test_only", decl.nameSpan, {
      what: "A `test`", place: "test file", suggestion: "Move it into a test file (`*.test.jadpo` or `*.jadpotest`)",
    }));
  }
  const b = newBody(cx, file, "test", decl.name, VOID);
  checkBlock(b, new Locals(), decl.body, null);
  checkEscapes(b, null);
}
