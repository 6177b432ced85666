// What the compiler to closures knows while it compiles: the program's side tables, a holder per
// callable declaration (so mutual recursion links up), and the scope of the body being compiled.
import type {
  ActionDecl, CheckedProgram, Expr, FixtureMember, FunctionDecl, Ident, Node, PromptInfo, Resolution,
  SourceFile, Span, Type,
} from "@jadpo/compiler";
import { InternalFault } from "../signals.ts";
import type { RunContext } from "./context.ts";
import type { Value } from "../values/value.ts";

/** A compiled declaration. `call` is filled once its body is compiled; call sites read it late. */
export interface Callable {
  name: string;
  async: boolean;
  call: (args: Value[], c: RunContext) => Value | Promise<Value>;
}

export interface ProgramState {
  program: CheckedProgram;
  /** "sync": every backend answers synchronously (the test fake); "async": AI calls may wait (`jadpo dev`). */
  aiMode: "sync" | "async";
  promptIndex: Map<PromptInfo, number>;
  /** Each function's holder, made when a call to it is compiled (a large project has many). */
  functions: { get(decl: FunctionDecl): Callable };
  actions: Map<ActionDecl, Callable>;
  fixtures: Map<FixtureMember, Callable>;
  /** By root-relative path, for an assertion's source text. */
  sources: Map<string, SourceFile>;
  /** Function, action and fixture bodies compiled so far (each on its first call). */
  compiledBodies: number;
}

/** Names of one block; a nested block sees its parents' names and may shadow them. */
export class Scope {
  // Made on the first name: most blocks and match arms declare none.
  private names: Map<string, number> | null = null;
  constructor(readonly parent: Scope | null) {}

  lookup(name: string): number | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const slot = s.names?.get(name);
      if (slot !== undefined) return slot;
    }
    return undefined;
  }

  set(name: string, slot: number): void {
    (this.names ??= new Map()).set(name, slot);
  }
}

/** One body being compiled (a function, action, fixture or test). */
export interface BodyState {
  slots: number;
  /** Whether a `return` inside an expression-position match arm must be caught at the boundary. */
  returnSignal: boolean;
}

export interface Cx {
  p: ProgramState;
  body: BodyState;
  scope: Scope;
  /** The statement being compiled: where a runtime fault raised under it points. */
  stmt: Span;
  /** Set while compiling a test's body. */
  test: { name: string } | null;
}

export function childScope(cx: Cx): Cx {
  return { ...cx, scope: new Scope(cx.scope) };
}

export function declareLocal(cx: Cx, name: string): number {
  const slot = cx.body.slots++;
  cx.scope.set(name, slot);
  return slot;
}

export function resolutionOf(cx: Cx, node: Node | Ident): Resolution | undefined {
  return cx.p.program.resolutions.get(node);
}

export function typeOf(cx: Cx, expr: Expr): Type | undefined {
  return cx.p.program.exprTypes.get(expr);
}

/** The source text of a span, exactly as written. */
export function sourceText(cx: Cx, span: Span): string {
  const source = cx.p.sources.get(span.file);
  return source ? source.text.slice(span.start, span.end) : "";
}

/** A node the compiler can't handle: it becomes a closure that fails the run as an internal error. */
export function unsupported(what: string): () => never {
  return () => {
    throw new InternalFault(what);
  };
}
