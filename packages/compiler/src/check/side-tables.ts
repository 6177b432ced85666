// The checker's side tables when the program will not run (`jadpo check`): each expression's
// type and each name's resolution are read only by the runtime, and a large project has hundreds
// of thousands of them. The checker itself reads back only failures' resolutions.
import type { Expr, Ident, Node } from "../syntax/ast.ts";
import type { Type } from "../types/types.ts";
import type { Resolution } from "./program.ts";

/** Keeps no expression's type. */
export class DiscardedTypes extends Map<Expr, Type> {
  override set(): this {
    return this;
  }
}

/** Keeps only the resolutions of failure names. */
export class FailureResolutions extends Map<Node | Ident, Resolution> {
  override set(key: Node | Ident, value: Resolution): this {
    return value.kind === "failure" ? super.set(key, value) : this;
  }
}
