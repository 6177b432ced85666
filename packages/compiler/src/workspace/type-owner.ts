// Where a named type is declared: a `type` declaration, or the prompt whose values type it is
// (its parameters are the fields). The prelude's types are declared nowhere.
import type { PromptDecl, TypeDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { CheckedProgram } from "../check/program.ts";
import type { Ident } from "../syntax/ast.ts";
import { objectOf, enumOf } from "../types/assignable.ts";
import type { NamedType, Type } from "../types/types.ts";

export interface TypeOwner {
  decl: TypeDecl | PromptDecl;
  file: LoadedFile;
}

const owners = new WeakMap<CheckedProgram, (named: NamedType) => TypeOwner | null>();

/** The declaration of a value's record or enum type (through `T?` and constraints), or null. */
export function typeOwner(program: CheckedProgram, type: Type | undefined): TypeOwner | null {
  const named = type && (objectOf(type) ?? enumOf(type) ?? (type.kind === "named" ? type.decl : null));
  if (!named) return null;
  let find = owners.get(program);
  if (!find) owners.set(program, (find = ownerFinder(program)));
  return find(named);
}

function ownerFinder(program: CheckedProgram): (named: NamedType) => TypeOwner | null {
  const byModule = new Map<string, LoadedFile>();
  for (const file of program.graph.files) byModule.set(file.fileModule, file);
  const ofValues = new Map<NamedType, TypeOwner>();
  for (const prompt of program.prompts.values()) ofValues.set(prompt.valuesType, { decl: prompt.decl, file: prompt.file });
  return (named) => {
    const prompt = ofValues.get(named);
    if (prompt) return prompt;
    const file = byModule.get(named.module);
    const decl = file?.syntax.decls.find((d): d is TypeDecl => d.kind === "type" && d.name.name === named.name);
    return file && decl ? { decl, file } : null;
  };
}

/** A record type's field named `name`, where it is declared. */
export function ownerField(owner: TypeOwner | null, name: string): Ident | undefined {
  if (!owner) return undefined;
  if (owner.decl.kind === "prompt") return owner.decl.params.find((p) => p.name.name === name)?.name;
  return owner.decl.body.kind === "object" ? owner.decl.body.fields.find((f) => f.name.name === name)?.name : undefined;
}

/** A record type's fields, as declared. */
export function ownerFields(owner: TypeOwner | null): Ident[] {
  if (!owner) return [];
  if (owner.decl.kind === "prompt") return owner.decl.params.map((p) => p.name);
  return owner.decl.body.kind === "object" ? owner.decl.body.fields.map((f) => f.name) : [];
}
