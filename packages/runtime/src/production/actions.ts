// The actions a program serves, by name (`jadpo dev`, `jadpo serve`, a built app's `app.actions`):
// each with its declaration and its parameter and result types, as the checker resolved them.
// Action names are unique across a project, so a name finds one action.
import { VOID, type ActionDecl, type CheckedProgram, type Type } from "@jadpo/compiler";
import type { ParamSpec } from "./inputs.ts";

export interface ServedAction {
  decl: ActionDecl;
  params: ParamSpec[];
  result: Type;
}

/** By name, in path order then source order. */
export function actionsOf(program: CheckedProgram): Map<string, ServedAction> {
  const actions = new Map<string, ServedAction>();
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "action" || actions.has(decl.name.name)) continue;
      const signature = program.signatures?.get(decl);
      actions.set(decl.name.name, { decl, params: signature?.params ?? [], result: signature?.result ?? VOID });
    }
  }
  return actions;
}
