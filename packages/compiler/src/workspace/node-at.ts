// The syntax nodes at an offset of a file, outermost first: what hover, go to definition and
// completion start from. The tree is plain data, so one walk over its objects finds them all.
import type { Node, Span, SyntaxFile } from "../syntax/ast.ts";

/** One node on the way down, and the property of its parent it sits in (`name`, `callee`, …). */
export interface NodeStep {
  node: Node & Record<string, unknown>;
  key: string;
}

/**
 * Every node whose span holds `offset` (its end included, so a cursor just after a name is on
 * it), from the declaration down to the innermost node.
 */
export function nodesAt(syntax: SyntaxFile, offset: number): NodeStep[] {
  const path: NodeStep[] = [];
  for (const decl of syntax.decls) {
    if (within(decl.span, offset)) {
      path.push({ node: decl as unknown as NodeStep["node"], key: "decls" });
      descend(decl, offset, path);
      break;
    }
  }
  return path;
}

function within(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}

function isNode(value: unknown): value is NodeStep["node"] {
  if (typeof value !== "object" || value === null || !("span" in value)) return false;
  const span = (value as { span: unknown }).span;
  return typeof span === "object" && span !== null && typeof (span as Span).start === "number";
}

function descend(node: object, offset: number, path: NodeStep[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (key === "span" || typeof value !== "object" || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (!isNode(item) || !within(item.span, offset)) continue;
      path.push({ node: item, key });
      descend(item, offset, path);
      return;
    }
  }
}
