// Visits every expression under a block, for the analyses done before compiling (which actions
// may wait on an AI call).
import type { ArmBody, Block, Expr, Stmt } from "@jadpo/compiler";

export function forEachExprInBlock(block: Block, visit: (e: Expr) => void): void {
  for (const stmt of block.statements) forEachExprInStmt(stmt, visit);
}

function forEachExprInStmt(stmt: Stmt, visit: (e: Expr) => void): void {
  switch (stmt.kind) {
    case "var":
    case "assign":
      forEachExpr(stmt.value, visit);
      return;
    case "if":
      forEachExpr(stmt.cond, visit);
      forEachExprInBlock(stmt.then, visit);
      if (stmt.else) {
        const other = stmt.else;
        if ("statements" in other) forEachExprInBlock(other, visit);
        else forEachExprInStmt(other, visit);
      }
      return;
    case "for":
      forEachExpr(stmt.list, visit);
      forEachExprInBlock(stmt.body, visit);
      return;
    case "return":
      if (stmt.value) forEachExpr(stmt.value, visit);
      return;
    case "assert":
    case "expr":
      forEachExpr(stmt.expr, visit);
      return;
    case "advance":
      forEachExpr(stmt.by, visit);
      return;
    case "reject":
      return;
  }
}

function forEachInArm(body: ArmBody, visit: (e: Expr) => void): void {
  if (body.kind === "expr") forEachExpr(body.expr, visit);
  else if (body.kind === "block") forEachExprInBlock(body.block, visit);
}

export function forEachExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.kind) {
    case "list":
      for (const item of e.items) forEachExpr(item, visit);
      return;
    case "record":
      for (const f of e.fields) forEachExpr(f.value, visit);
      return;
    case "member":
      forEachExpr(e.object, visit);
      return;
    case "call":
      forEachExpr(e.callee, visit);
      for (const a of e.args) forEachExpr(a, visit);
      return;
    case "unary":
    case "attempt":
      forEachExpr(e.operand, visit);
      return;
    case "binary":
      forEachExpr(e.left, visit);
      forEachExpr(e.right, visit);
      return;
    case "paren":
      forEachExpr(e.inner, visit);
      return;
    case "match":
      forEachExpr(e.subject, visit);
      for (const arm of e.arms) forEachInArm(arm.body, visit);
      return;
    default:
      return;
  }
}
