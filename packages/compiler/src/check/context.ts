// The checker's shared state: the side tables it fills (types, resolutions) and what the
// declaration passes learned (named types, failures, prompts), read by the body passes.
import type { ActionDecl, Expr, FailureDecl, FunctionDecl, Ident, Node, PromptDecl, Span, TypeDecl } from "../syntax/ast.ts";
import type { DeclRef, LoadedFile, ModuleGraph } from "../modules/graph.ts";
import type { CallableSignature, ConnectionInfo, FailureInfo, PromptInfo, Resolution, SideTable } from "./program.ts";
import type { NamedType, Type } from "../types/types.ts";
import type { Diagnostic, Fix } from "../diagnostics/diagnostic.ts";
import type { Prelude } from "./prelude.ts";
import { addUseFix, declaredElsewhere, indexDeclarations, moduleDeclaring, type DeclarationIndex } from "../names/declared-in.ts";

/** One call that asks a prompt. */
export interface PromptCall {
  kind: "generate" | "stream";
  span: Span;
  asType: Type | null;
}

/** An unknown name that module `module` declares, reported at `span` as `diagnostics[index]`. */
export interface MissingUse {
  file: LoadedFile;
  module: string;
  name: string;
  span: Span;
  index: number;
}

/** A callable's types, resolved once (so an unknown type in it is reported once). */
export type Signature = CallableSignature;

export interface Checker {
  graph: ModuleGraph;
  /** `<file>\0<Name>` of each unknown type already reported there: its `T(v)` calls say nothing more. */
  unknownTypes: Set<string>;
  /** Unknown names met so far in each file (suggestions stop after a few hundred). */
  suggestionsAsked: Map<string, number>;
  diagnostics: Diagnostic[];
  exprTypes: SideTable<Expr, Type>;
  resolutions: SideTable<Node | Ident, Resolution>;
  prelude: Prelude;
  namedTypes: Map<TypeDecl, NamedType>;
  /** Declared types whose definition is broken (already reported): they resolve to `error`. */
  brokenTypes: Set<NamedType>;
  promptValues: Map<PromptDecl, NamedType>;
  prompts: Map<string, PromptInfo>;
  promptByDecl: Map<PromptDecl, PromptInfo>;
  promptByValues: Map<NamedType, PromptInfo>;
  promptCalls: Map<PromptInfo, PromptCall[]>;
  /** Every prompt call noted, in order, when someone keeps what each body noted (an editor's re-check). */
  callLog?: { prompt: PromptInfo; call: PromptCall }[];
  failureInfos: Map<FailureDecl, FailureInfo>;
  failures: FailureInfo[];
  actionFailures: Map<ActionDecl | FunctionDecl, FailureInfo[]>;
  /** Failures an action's body lets escape without listing (reported as `failure.undeclared`). Calls
   * checked after it see them too, so the one missing entry isn't reported again at each call as
   * `test.fails_impossible`, `failure.stale` or `failure.attempt_needless`. */
  undeclaredFailures: Map<ActionDecl | FunctionDecl, FailureInfo[]>;
  connection: ConnectionInfo | null;
  /** Of every function, action and fixture member. */
  signatures: Map<Node, Signature>;
  recordingPaths: Set<string>;
  /** Which modules declare each name: built on the first unknown name (most checks have none). */
  declarations?: DeclarationIndex;
  /** Unknown names another module declares, with where their diagnostic is in `diagnostics`. */
  missingUses?: MissingUse[];
}

/** Anything diagnostics can be reported to. */
export type Reporter = Pick<Checker, "diagnostics">;

export function report(cx: Reporter, d: Diagnostic): void {
  cx.diagnostics.push(d);
}

/** The top-level name `name` as seen from `file` (its folder module, imports and app.jadpo). */
export function lookupTop(cx: Checker, file: LoadedFile, name: string): DeclRef | undefined {
  return cx.graph.scopes.get(file.path)?.names.get(name);
}

/**
 * For an unknown `name` at `span` that another module declares: the `next:` that says where, and
 * the fix that adds the `use`; else null. The diagnostic the caller reports next is noted, so the
 * names one missing `use` line leaves unknown in a file become one diagnostic (missing-uses.ts).
 */
export function declaredElsewhereHint(cx: Checker, file: LoadedFile, name: string, span: Span): { suggestion: string; fixes: Fix[] } | null {
  cx.declarations ??= indexDeclarations(cx.graph.files);
  const module = moduleDeclaring(cx.declarations, name, file);
  if (module === null) return null;
  (cx.missingUses ??= []).push({ file, module, name, span, index: cx.diagnostics.length });
  return { suggestion: declaredElsewhere(name, module), fixes: [addUseFix(file, module, [name])] };
}

/** Every top-level name visible in `file`. */
export function visibleTopNames(cx: Checker, file: LoadedFile): Iterable<string> {
  return cx.graph.scopes.get(file.path)?.names.keys() ?? [];
}

/** `AssistantUnavailable` → `assistant_unavailable`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    // A lookahead, not `([A-Z]+)([A-Z][a-z])`: that backtracks quadratically on a long run of capitals.
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1_")
    .toLowerCase();
}

/** `a`, `a and b`, `a, b and c`, each in backticks. */
export function listWords(words: string[]): string {
  const quoted = words.map((w) => `\`${w}\``);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}
