// An action's parameters from a request body: one JSON object, a field per parameter, decoded by
// the runtime's decodeInputs (the rules answers are decoded by, docs/language.md), as a built
// app decodes its input. Any problem is one sentence naming the rule and the path.
import { decodeInputs, isInputObject, type Value } from "@jadpo/runtime";
import type { ServedAction } from "./build.ts";

export type ParamsRead = { ok: true; args: Value[] } | { ok: false; message: string };

export function readParams(action: ServedAction, bodyText: string): ParamsRead {
  const name = action.decl.name.name;
  let body: unknown;
  if (bodyText.trim() === "" && action.params.length === 0) body = {};
  else {
    try {
      body = JSON.parse(bodyText);
    } catch (e) {
      const why = e instanceof SyntaxError ? `: ${e.message}` : "";
      return { ok: false, message: `The request body is not JSON${why}` };
    }
  }
  if (!isInputObject(body)) {
    return { ok: false, message: `The request body must be a JSON object with \`${name}\`'s parameters` };
  }
  const read = decodeInputs(name, action.params, body);
  return read.ok ? read : { ok: false, message: read.problem.message };
}
