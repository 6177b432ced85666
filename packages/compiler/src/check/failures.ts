// Failures in bodies (docs/language.md): resolving failure names, `reject`, and the exact `fails` rule —
// a failure that can escape an action but isn't listed is `failure.undeclared`, a listed one
// that can't escape is `failure.stale`.
import type { ActionDecl, FunctionDecl, Ident } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { FailureInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { declaredElsewhereHint, listWords, lookupTop, report, type Checker } from "./context.ts";
import type { Body, Escape } from "./body.ts";
import { describeRef } from "./report-names.ts";

/** Every failure name visible in `file` (declared, imported, the AI failures). */
function visibleFailures(cx: Checker, file: LoadedFile): string[] {
  const names = [...cx.prelude.failures.keys()];
  for (const [name, ref] of cx.graph.scopes.get(file.path)?.names ?? []) if (ref.kind === "decl" && ref.decl.kind === "failure") names.push(name);
  return names;
}

/** The failure `ident` names, with its resolution recorded; null after reporting. */
export function resolveFailure(cx: Checker, file: LoadedFile, ident: Ident): FailureInfo | null {
  let info: FailureInfo | undefined = cx.prelude.failures.get(ident.name);
  if (!info) {
    const ref = lookupTop(cx, file, ident.name);
    if (ref && ref.kind === "decl" && ref.decl.kind === "failure") info = cx.failureInfos.get(ref.decl);
    else if (ref) {
      report(cx, diagnostic("name.unknown", ident.span, {
        name: ident.name, suggestion: `\`${ident.name}\` is ${describeRef(ref)}, not a failure: name a failure here`,
      }));
      return null;
    }
  }
  if (!info) {
    const near = closest(ident.name, visibleFailures(cx, file));
    const elsewhere = declaredElsewhereHint(cx, file, ident.name, ident.span);
    report(cx, diagnostic("name.unknown", ident.span, {
      name: ident.name,
      suggestion: elsewhere?.suggestion ?? didYouMean(near, `Declare it with \`failure ${ident.name} { kind: ... message: "..." }\`, or import it with \`use\``),
    }, [], elsewhere?.fixes ?? changeTo(ident.span, near)));
    return null;
  }
  cx.resolutions.set(ident, { kind: "failure", failure: info });
  return info;
}

/** The failures an action lists in `fails`, resolved; a repeated one is `name.duplicate`. */
export function declareActionFailures(cx: Checker, file: LoadedFile, decl: ActionDecl | FunctionDecl): void {
  // Most callables list none: they get no entry (readers take none for missing).
  if (decl.fails.length === 0) return;
  const list: FailureInfo[] = [];
  const seen = new Map<string, number>();
  for (const ident of decl.fails) {
    const line = seen.get(ident.name);
    if (line !== undefined) {
      report(cx, diagnostic("name.duplicate", ident.span, { name: ident.name, where: `this \`fails\` list, on line ${line}` }));
      continue;
    }
    seen.set(ident.name, ident.span.line);
    const info = resolveFailure(cx, file, ident);
    if (info && !list.includes(info)) list.push(info);
  }
  cx.actionFailures.set(decl, list);
}

/** `reject F`: F leaves the body. */
export function checkReject(b: Body, ident: Ident): void {
  const info = resolveFailure(b.cx, b.file, ident);
  if (info) b.escapes.push({ failure: info, span: ident.span, via: "reject" });
}

/** The failures of an action that declares none (shared, never written to). */
export const NO_FAILURES: FailureInfo[] = [];

/**
 * After an action's body: each escaping failure must be listed (reported once, where it first
 * escapes), and each listed failure must escape. In other bodies nothing may be rejected
 * (a test's `attempt` failures fail the test instead).
 */
export function checkEscapes(b: Body, decl: ActionDecl | FunctionDecl | null): void {
  if (!decl && b.escapes.length === 0) return; // a test or fixture that rejects nothing
  const declared = decl ? b.cx.actionFailures.get(decl) ?? NO_FAILURES : NO_FAILURES;
  // Each undeclared failure is reported once, where it first escapes; failures escaping at one
  // place (an `attempt` of a call with several) share one diagnostic. Both made on the first
  // one: most bodies (every passing test) have none.
  let reported: Set<FailureInfo> | null = null;
  let bySite: Map<Escape["span"], FailureInfo[]> | null = null;
  for (const escape of b.escapes) {
    if (declared.includes(escape.failure) || reported?.has(escape.failure) || escape.via === "unhandled") continue;
    if (!decl && escape.via === "attempt") continue; // a test fails; a pure body's impure call is reported already
    (reported ??= new Set()).add(escape.failure);
    bySite ??= new Map();
    const site = bySite.get(escape.span);
    if (site) site.push(escape.failure);
    else bySite.set(escape.span, [escape.failure]);
  }
  if (decl && reported !== null) b.cx.undeclaredFailures.set(decl, [...reported]);
  for (const [span, failures] of bySite ?? []) {
    const names = failures.map((f) => f.name);
    const them = names.length === 1 ? `\`${names[0]}\`` : "them";
    report(b.cx, diagnostic("failure.undeclared", span, {
      failures: listWords(names), action: b.name,
      fix: decl ? `Add ${them} to the \`fails\` list, or handle ${names.length === 1 ? "it" : "them"} inside` : `Only an action can fail: handle ${them} here, or make \`${b.name}\` an action`,
    }));
  }
  if (!decl || b.missedArms) return;
  for (const ident of decl.fails) {
    const info = b.cx.resolutions.get(ident);
    if (!info || info.kind !== "failure") continue;
    if (b.escapes.some((e) => e.failure === info.failure)) continue;
    report(b.cx, diagnostic("failure.stale", ident.span, { failure: ident.name, action: b.name }));
  }
}
