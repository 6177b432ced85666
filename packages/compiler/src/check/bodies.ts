// Signatures of functions, actions and fixtures (resolved once), then every body: functions,
// actions (with the exact `fails` rule), fixtures and tests.
import type { ActionDecl, Block, FixtureMember, FunctionDecl, Ident, Param, TestDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { VOID, type Type } from "../types/types.ts";
import { printType } from "../types/print-type.ts";
import { report, type Checker, type Signature } from "./context.ts";
import { resolveTypeRef } from "./type-refs.ts";
import { Locals, type Body, type BodyKind } from "./body.ts";
import { checkBlock } from "./check-stmt.ts";
import { checkEscapes, declareActionFailures } from "./failures.ts";

function signatureOf(cx: Checker, file: LoadedFile, params: Param[] | null, result: Parameters<typeof resolveTypeRef>[2] | null): Signature {
  return {
    params: (params ?? []).map((p) => ({ name: p.name.name, type: resolveTypeRef(cx, file, p.type) })),
    result: result ? resolveTypeRef(cx, file, result) : VOID,
  };
}

/** Every callable's signature and every action's `fails`, before any body refers to them. */
export function declareSignatures(cx: Checker): void {
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind === "function" || decl.kind === "action") {
        cx.signatures.set(decl, signatureOf(cx, file, decl.params, decl.returnType));
        declareActionFailures(cx, file, decl);
      } else if (decl.kind === "fixtures") {
        for (const member of decl.members) cx.signatures.set(member, signatureOf(cx, file, member.params, member.returnType));
      }
    }
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

/** Checks every body of every file, in path order then source order. */
export function checkBodies(cx: Checker): void {
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.incomplete) continue; // cut short by a syntax error, already reported
      switch (decl.kind) {
        case "function":
        case "action":
          checkCallable(cx, file, decl.kind, decl.name.name, decl.name, decl, decl.body, decl.params, decl);
          break;
        case "fixtures":
          for (const member of decl.members) {
            checkCallable(cx, file, "fixture", `${decl.name.name}.${member.name.name}`, member.name, member, member.body, member.params, null);
          }
          break;
        case "test":
          checkTestBody(cx, file, decl);
          break;
        default:
          break;
      }
    }
  }
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
