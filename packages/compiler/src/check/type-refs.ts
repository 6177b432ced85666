// Resolving a type as written (`CustomerQuestion`, `List<Text>`, `Text?`) to a Type, reporting
// `type.unknown` once where it is named; the result is then `error`, accepted everywhere.
import type { Ident, TypeRef } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import { ERROR, type NamedType, type Type } from "../types/types.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo, type Fix } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { declaredElsewhereHint, lookupTop, report, type Checker } from "./context.ts";
import { PRELUDE_TYPE_NAMES } from "./prelude.ts";

/** The named type `ident` names in `file`, or undefined (nothing reported). Prelude names first: they can't be redeclared. */
export function findType(cx: Checker, file: LoadedFile, name: string): Type | undefined {
  const prelude = cx.prelude.types.get(name);
  if (prelude) return prelude;
  const ref = lookupTop(cx, file, name);
  if (!ref) return undefined;
  let named: NamedType | undefined;
  if (ref.kind === "prompt_values") named = cx.promptValues.get(ref.prompt);
  else if (ref.decl.kind === "type") named = cx.namedTypes.get(ref.decl);
  if (!named) return undefined;
  return cx.brokenTypes.has(named) ? ERROR : { kind: "named", decl: named };
}

/** Every type name visible in `file`, for "did you mean". */
export function visibleTypeNames(cx: Checker, file: LoadedFile): string[] {
  const names = [...PRELUDE_TYPE_NAMES];
  for (const [name, ref] of cx.graph.scopes.get(file.path)?.names ?? []) {
    if (ref.kind === "prompt_values" || ref.decl.kind === "type") names.push(name);
  }
  return names;
}

/** `type.unknown` for `ident`, with the closest visible type. */
export function reportUnknownType(cx: Checker, file: LoadedFile, ident: Ident): void {
  const ref = lookupTop(cx, file, ident.name);
  let suggestion: string;
  let fixes: Fix[] = [];
  if (ref && ref.kind === "decl") {
    suggestion = `\`${ident.name}\` is a ${ref.decl.kind === "fixtures" ? "fixtures group" : ref.decl.kind}, not a type: name a type here`;
  } else {
    const near = closest(ident.name, visibleTypeNames(cx, file));
    const elsewhere = declaredElsewhereHint(cx, file, ident.name, ident.span);
    suggestion = elsewhere?.suggestion ?? didYouMean(near, `Declare it with \`type ${ident.name} = ...\`, or import it with \`use\``);
    fixes = elsewhere?.fixes ?? changeTo(ident.span, near);
  }
  cx.unknownTypes.add(`${file.path}\0${ident.name}`);
  report(cx, diagnostic("type.unknown", ident.span, { name: ident.name, suggestion }, [], fixes));
}

function plural(n: number): string {
  return n === 1 ? "1 type argument" : `${n} type arguments`;
}

export function resolveTypeRef(cx: Checker, file: LoadedFile, ref: TypeRef): Type {
  if (ref.kind === "optional") {
    const inner = resolveTypeRef(cx, file, ref.inner);
    return inner.kind === "error" ? ERROR : { kind: "optional", inner };
  }
  const name = ref.name.name;
  if (name === "List") {
    if (ref.args.length !== 1) {
      report(cx, diagnostic("type.argument_count", ref.span, { call: "List", expected: plural(1), found: ref.args.length }));
      return ERROR;
    }
    const item = resolveTypeRef(cx, file, ref.args[0]);
    return item.kind === "error" ? ERROR : { kind: "list", item };
  }
  const found = findType(cx, file, name);
  if (!found) {
    reportUnknownType(cx, file, ref.name);
    return ERROR;
  }
  if (ref.args.length > 0) {
    report(cx, diagnostic("type.argument_count", ref.span, { call: name, expected: plural(0), found: ref.args.length }));
    return ERROR;
  }
  return found;
}
