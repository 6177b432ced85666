// Declared types: a NamedType per `type` (and per prompt values type, filled by prompts.ts), then
// each definition — aliases with constraints, enums, objects — and the recursion rule (docs/language.md).
import type { ConstraintItem, TypeDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { NamedType, Type, TypeDef } from "../types/types.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { printType } from "../types/print-type.ts";
import { report, type Checker } from "./context.ts";
import { readConstraints } from "./constraint-items.ts";
import { resolveTypeRef } from "./type-refs.ts";
import { PRELUDE_TYPE_NAMES } from "./prelude.ts";
import { toUpperCamel } from "../names/casing.ts";

const PLACEHOLDER: TypeDef = { kind: "object", fields: [] };

/** Creates every declared type (empty for now), so definitions can refer to each other in any order. */
export function declareTypeShells(cx: Checker): void {
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind === "type") {
        if (PRELUDE_TYPE_NAMES.includes(decl.name.name)) {
          report(cx, diagnostic("name.duplicate", decl.name.span, { name: decl.name.name, where: "the prelude" }));
        }
        cx.namedTypes.set(decl, { name: decl.name.name, module: file.fileModule, def: { ...PLACEHOLDER } });
      } else if (decl.kind === "prompt") {
        const name = valuesName(decl.name.name);
        cx.promptValues.set(decl, { name, module: file.fileModule, def: { kind: "object", fields: [] } });
      }
    }
  }
}

/** `answer_question` → `AnswerQuestion`. */
export function valuesName(promptName: string): string {
  return promptName
    .split("_")
    .filter((w) => w !== "")
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
}

/** Fills every declared type's definition, then reports types that contain themselves. */
export function defineTypes(cx: Checker): void {
  const state = new Map<TypeDecl, "active" | "done">();
  const files = new Map<TypeDecl, LoadedFile>();
  for (const file of cx.graph.files) for (const decl of file.syntax.decls) if (decl.kind === "type") files.set(decl, file);

  const define = (decl: TypeDecl): void => {
    const s = state.get(decl);
    if (s === "done") return;
    const named = cx.namedTypes.get(decl)!;
    if (s === "active") {
      report(cx, diagnostic("type.defined_by_itself", decl.name.span, { name: decl.name.name }));
      cx.brokenTypes.add(named);
      return;
    }
    state.set(decl, "active");
    defineOne(cx, files.get(decl)!, decl, named, define);
    state.set(decl, "done");
  };
  for (const decl of files.keys()) define(decl);
  reportSelfContaining(cx, [...files.keys()].map((d) => cx.namedTypes.get(d)!), files);
}

function defineOne(cx: Checker, file: LoadedFile, decl: TypeDecl, named: NamedType, define: (d: TypeDecl) => void): void {
  const body = decl.body;
  const subject = `\`${decl.name.name}\``;
  if (body.kind === "enum") {
    // Nothing could be decoded as it, nor generated for it by the fake.
    if (body.members.length === 0) report(cx, diagnostic("type.bad_constraint", body.span, { variant: "no_members", subject }));
    named.def = { kind: "enum", members: body.members.map((m) => ({ name: m.name, tag: m.name })) };
    return;
  }
  if (body.kind === "object") {
    named.def = {
      kind: "object",
      fields: body.fields.map((field) => {
        let type = resolveTypeRef(cx, file, field.type);
        if (field.constraints.length > 0) type = constrainField(cx, file, type, field.constraints, field.name.name);
        return { name: field.name.name, type };
      }),
    };
    return;
  }
  // An alias: a new nominal type over a base, a list, or another declared type.
  if (body.base.kind === "named") {
    const ref = cx.graph.scopes.get(file.path)?.names.get(body.base.name.name);
    if (ref && ref.kind === "decl" && ref.decl.kind === "type" && !cx.prelude.types.has(body.base.name.name)) define(ref.decl);
  }
  const base = resolveTypeRef(cx, file, body.base);
  const items = body.constraints;
  if (base.kind === "error") {
    cx.brokenTypes.add(named);
    return;
  }
  if (base.kind === "base") {
    named.def = { kind: "scalar", base: base.base, constraints: readConstraints(cx, items, base.base, subject) };
  } else if (base.kind === "list") {
    const c = readConstraints(cx, items, "List", subject);
    named.def = { kind: "list", item: base.item, min_items: c.min_items, max_items: c.max_items };
  } else if (base.kind === "named") {
    if (cx.brokenTypes.has(base.decl)) {
      cx.brokenTypes.add(named);
      return;
    }
    const parent = base.decl.def;
    if (parent.kind === "scalar") {
      named.def = { kind: "scalar", base: parent.base, constraints: readConstraints(cx, items, parent.base, subject, parent.constraints) };
    } else if (parent.kind === "list") {
      const c = readConstraints(cx, items, "List", subject, { min_items: parent.min_items, max_items: parent.max_items });
      named.def = { kind: "list", item: parent.item, min_items: c.min_items, max_items: c.max_items };
    } else {
      readConstraints(cx, items, parent.kind === "enum" ? "Enum" : "Object", subject);
      named.def = parent.kind === "enum" ? { kind: "enum", members: parent.members.map((m) => ({ ...m })) } : { kind: "object", fields: parent.fields.map((f) => ({ ...f })) };
    }
  } else {
    report(cx, diagnostic("type.bad_base", body.base.span, {
      subject, base: printType(base), inner: printType(base.kind === "optional" ? base.inner : base), name: decl.name.name,
    }));
    cx.brokenTypes.add(named);
  }
}

/**
 * Constraints written on a field's type: a list field's `min_items`/`max_items`. Any other
 * field's type is constrained by naming it (`type Reason = Text { max_length: 200 }`), which
 * the one diagnostic for the block says, with that declaration written out.
 */
function constrainField(cx: Checker, file: LoadedFile, type: Type, items: ConstraintItem[], field: string): Type {
  if (type.kind === "error") return type;
  const subject = `the field \`${field}\``;
  const list = type.kind === "optional" ? type.inner : type;
  if (list.kind !== "list") {
    const first = items[0];
    const block = file.source.text.slice(first.span.start, items[items.length - 1].span.end);
    const allowed = `Only a list field takes constraints here (\`min_items\`, \`max_items\`). Give the type a name: \`type ${toUpperCamel(field)} = ${printType(list)} { ${block} }\`, and use it for \`${field}\``;
    report(cx, diagnostic("type.bad_constraint", first.span, { variant: "wrong_base", constraint: first.name.name, subject, allowed }));
    return type;
  }
  const c = readConstraints(cx, items, "List", subject);
  const constrained: Type = { kind: "list", item: list.item, min_items: c.min_items, max_items: c.max_items };
  return type.kind === "optional" ? { kind: "optional", inner: constrained } : constrained;
}

/** A record type that needs a value of itself (through fields that are neither `T?` nor `List<T>`) has no finite value. */
function reportSelfContaining(cx: Checker, types: NamedType[], files: Map<TypeDecl, LoadedFile>): void {
  const declOf = new Map<NamedType, TypeDecl>();
  for (const [decl] of files) declOf.set(cx.namedTypes.get(decl)!, decl);
  const color = new Map<NamedType, "grey" | "black">();
  const reported = new Set<NamedType>();
  const visit = (t: NamedType, stack: NamedType[]): void => {
    color.set(t, "grey");
    stack.push(t);
    if (t.def.kind === "object") {
      for (const field of t.def.fields) {
        if (field.type.kind !== "named" || field.type.decl.def.kind !== "object") continue;
        const next = field.type.decl;
        const c = color.get(next);
        if (c === "grey") {
          const cycle = stack.slice(stack.indexOf(next));
          if (cycle.some((x) => reported.has(x))) continue;
          cycle.forEach((x) => reported.add(x));
          const decl = declOf.get(next);
          if (decl) {
            const through = cycle.map((x) => `\`${x.name}\``).join(" → ");
            report(cx, diagnostic("type.infinite", decl.name.span, { name: next.name, through }));
          }
        } else if (c === undefined) visit(next, stack);
      }
    }
    stack.pop();
    color.set(t, "black");
  };
  for (const t of types) if (!color.has(t)) visit(t, []);
}
