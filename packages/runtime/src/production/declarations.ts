// A build's `app.d.mts` (docs/production.md): the TypeScript declarations of `app.mjs` — every type
// of the app, every action as a method of `app.actions`, every failure an action can fail with —
// written from the program a build ships. The order is fixed, so a build's declarations change
// only when the app does: the app's types (path order, then source order), the prelude's types
// they use, the prompts' values types, the failures, then the declarations' own names.
import {
  CONSTRAINT_RULES, toUpperCamel, type CheckedProgram, type Constraints, type FailureInfo, type NamedType, type Type,
} from "@jadpo/compiler";

/** The declarations' own names: an app's type or failure of one of these names is exported prefixed. */
const OWN_NAMES = new Set(["JadpoResult", "JadpoActions", "JadpoApp", "JadpoInputError", "JadpoFault", "createApp", "Readonly"]);

/** An exported name's owner: a declared type, or a failure. */
type Exported = { kind: "type"; type: NamedType } | { kind: "failure"; failure: FailureInfo; module: string };

/** `support/types` → `SupportTypes` (a test file's `.test` too: `SupportHelpersTest`). */
function modulePrefix(module: string): string {
  return module.split(/[/.]/).map((part) => toUpperCamel(part)).join("") || "App";
}

function constraintsText(constraints: Readonly<Constraints>): string {
  const parts: string[] = [];
  // A doc comment lists them in the rules' order; `personal` is no part of a value's type.
  for (const name of CONSTRAINT_RULES) {
    const value = constraints[name];
    if (value === undefined) continue;
    // A pattern is written as a JSON string; `*/` in it would end the comment.
    parts.push(`${name} ${typeof value === "string" ? JSON.stringify(value).replaceAll("*/", "*\\/") : value}`);
  }
  return parts.join(", ");
}

/** Writes the declarations of one program. */
class Writer {
  /** Export names, by what they name. */
  private readonly names = new Map<NamedType | FailureInfo, string>();

  /** Names each exported type and failure: as written, or prefixed by its module where it would clash. */
  assignNames(exported: Exported[]): void {
    const byName = new Map<string, Exported[]>();
    for (const e of exported) {
      const name = e.kind === "type" ? e.type.name : e.failure.name;
      byName.set(name, [...(byName.get(name) ?? []), e]);
    }
    for (const [name, group] of byName) {
      const clash = group.length > 1 || OWN_NAMES.has(name);
      for (const e of group) {
        const module = e.kind === "type" ? e.type.module : e.module;
        this.names.set(e.kind === "type" ? e.type : e.failure, clash ? `${modulePrefix(module)}_${name}` : name);
      }
    }
  }

  /** A type as TypeScript writes it where it is used. */
  ts(type: Type): string {
    switch (type.kind) {
      case "base":
        return type.base === "Bool" ? "boolean" : type.base === "Int" || type.base === "Decimal" ? "number" : "string";
      case "named": {
        const name = this.names.get(type.decl);
        if (name !== undefined) return name;
        // Embedding and the like: a list the prelude names, written as what it is.
        return type.decl.def.kind === "list" ? this.listOf(type.decl.def.item) : "unknown";
      }
      case "list":
        return this.listOf(type.item);
      case "optional":
        return `${this.ts(type.inner)} | null`;
      case "void":
      case "none":
        return "null";
      case "error":
        return "unknown";
    }
  }

  private listOf(item: Type): string {
    const inner = this.ts(item);
    return inner.includes("|") ? `(${inner})[]` : `${inner}[]`;
  }

  /** The declaration of a named type. */
  typeDeclaration(type: NamedType): string {
    const name = this.names.get(type)!;
    const def = type.def;
    switch (def.kind) {
      case "object":
        return `export interface ${name} { ${def.fields.map((f) => `${f.name}: ${this.ts(f.type)}`).join("; ")} }`;
      case "enum":
        return `export type ${name} = ${def.members.map((m) => JSON.stringify(m.tag)).join(" | ")};`;
      case "scalar": {
        const constraints = constraintsText(def.constraints);
        const doc = `/** ${def.base}${constraints === "" ? "" : `, ${constraints}`} */`;
        return `${doc}\nexport type ${name} = ${this.ts({ kind: "base", base: def.base })};`;
      }
      case "list": {
        const constraints = constraintsText({ min_items: def.min_items, max_items: def.max_items });
        const doc = `/** List${constraints === "" ? "" : `, ${constraints}`} */`;
        return `${doc}\nexport type ${name} = ${this.listOf(def.item)};`;
      }
    }
  }

  failureDeclaration(failure: FailureInfo): string {
    const name = this.names.get(failure)!;
    return `export interface ${name} { name: ${JSON.stringify(failure.name)}; code: ${JSON.stringify(failure.code)}; kind: ${JSON.stringify(failure.kind)}; message: string }`;
  }

  failureUnion(failures: readonly FailureInfo[]): string {
    return failures.length === 0 ? "never" : failures.map((f) => this.names.get(f)!).join(" | ");
  }
}

/** Every named type `types` use, the prelude's included, each once, in the order first met. */
function namedTypesUsed(roots: Type[]): NamedType[] {
  const found: NamedType[] = [];
  const seen = new Set<NamedType>();
  const visit = (type: Type): void => {
    switch (type.kind) {
      case "named":
        if (seen.has(type.decl)) return;
        seen.add(type.decl);
        found.push(type.decl);
        if (type.decl.def.kind === "object") for (const field of type.decl.def.fields) visit(field.type);
        if (type.decl.def.kind === "list") visit(type.decl.def.item);
        return;
      case "list":
        return visit(type.item);
      case "optional":
        return visit(type.inner);
      default:
        return;
    }
  };
  for (const root of roots) visit(root);
  return found;
}

/** The text of `app.d.mts` for `program` (the program a build ships). */
export function declarationsOf(program: CheckedProgram): string {
  const fileOf = new Map<object, string>();
  const appTypes: NamedType[] = [];
  const actions: Array<{ name: string; params: { name: string; type: Type }[]; result: Type; failures: FailureInfo[] }> = [];
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls) {
      fileOf.set(decl, file.fileModule);
      if (decl.kind === "type") {
        const named = program.namedTypes.get(decl);
        if (named !== undefined) appTypes.push(named);
      } else if (decl.kind === "action") {
        const signature = program.signatures?.get(decl);
        actions.push({
          name: decl.name.name, params: signature?.params ?? [], result: signature?.result ?? { kind: "void" },
          failures: program.actionFailures.get(decl) ?? [],
        });
      }
    }
  }
  const promptValues = [...program.prompts.values()].map((prompt) => prompt.valuesType);
  const own = new Set<NamedType>([...appTypes, ...promptValues]);
  const used = namedTypesUsed([
    ...[...own].map((decl): Type => ({ kind: "named", decl })),
    ...actions.flatMap((a) => [...a.params.map((p) => p.type), a.result]),
  ]);
  // The prelude's types the app uses (Locale, StreamedText…), but not the lists it names (Embedding).
  const preludeTypes = used.filter((t) => !own.has(t) && t.module === "" && t.def.kind !== "list");
  const failures: FailureInfo[] = [];
  const seenFailures = new Set<FailureInfo>();
  for (const action of actions) for (const f of action.failures) seenFailures.add(f);
  // The app's failures in declaration order, then the AI failures actions let escape.
  for (const f of [...program.failures, ...Object.values(program.aiFailures)]) {
    if (seenFailures.delete(f)) failures.push(f);
  }
  failures.push(...seenFailures);

  const writer = new Writer();
  const types = [...appTypes, ...preludeTypes, ...promptValues];
  writer.assignNames([
    ...types.map((type): Exported => ({ kind: "type", type })),
    ...failures.map((failure): Exported => ({ kind: "failure", failure, module: failure.decl === null ? "" : (fileOf.get(failure.decl) ?? "") })),
  ]);
  const lines = [
    ...types.map((t) => writer.typeDeclaration(t)),
    ...failures.map((f) => writer.failureDeclaration(f)),
    "export type JadpoResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };",
    "export interface JadpoActions {",
    ...actions.map((a) => {
      const input = a.params.length === 0 ? "{}" : `{ ${a.params.map((p) => `${p.name}: ${writer.ts(p.type)}`).join("; ")} }`;
      return `  ${a.name}(input: ${input}): globalThis.Promise<JadpoResult<${writer.ts(a.result)}, ${writer.failureUnion(a.failures)}>>;`;
    }),
    "}",
    "export interface JadpoApp { readonly actions: JadpoActions; close(): globalThis.Promise<void> }",
    "export declare function createApp(options: { env: Readonly<globalThis.Record<string, string | undefined>> }): JadpoApp;",
    'export declare class JadpoInputError extends globalThis.Error { readonly name: "JadpoInputError"; readonly rule: string; readonly path: string }',
    'export declare class JadpoFault extends globalThis.Error { readonly name: "JadpoFault" }',
  ];
  return `${lines.join("\n")}\n`;
}
