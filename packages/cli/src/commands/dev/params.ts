// An action's parameters from a request body: one JSON object, a field per parameter, each
// decoded as its type by the runtime's decodeValue (the rules answers are decoded by, docs/language.md).
// Any problem is one sentence naming the rule and the path, as a decode error does.
import { decodeValue, formatDecodeErrorDetail, type DecodeError, type Value } from "@jadpo/runtime";
import { THE_ANSWER } from "@jadpo/compiler";
import type { ServedAction } from "./build.ts";

export type ParamsRead = { ok: true; args: Value[] } | { ok: false; message: string };

/** The decode error's path, under the parameter's name (`question`, `order.lines[1]`). */
function underParam(param: string, error: DecodeError): DecodeError {
  if (error.path === THE_ANSWER) return { ...error, path: param };
  return { ...error, path: error.path.startsWith("[") ? `${param}${error.path}` : `${param}.${error.path}` };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

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
  if (!isObject(body)) {
    return { ok: false, message: `The request body must be a JSON object with \`${name}\`'s parameters` };
  }
  const known = new Set(action.params.map((p) => p.name));
  const unknown = Object.keys(body).find((key) => !known.has(key));
  if (unknown !== undefined) {
    const expected = action.params.length === 0 ? "no parameters" : `a parameter of \`${name}\` (${action.params.map((p) => p.name).join(", ")})`;
    return { ok: false, message: `\`unknown\` on \`${unknown}\`: expected ${expected}` };
  }
  const args: Value[] = [];
  for (const param of action.params) {
    const given = Object.hasOwn(body, param.name);
    if (!given && param.type.kind !== "optional") {
      return { ok: false, message: `\`missing\` on \`${param.name}\`: \`${name}\` needs it` };
    }
    const decoded = decodeValue(param.type, given ? body[param.name] : null);
    if (!decoded.ok) return { ok: false, message: formatDecodeErrorDetail(underParam(param.name, decoded.error)) };
    args.push(decoded.value);
  }
  return { ok: true, args };
}
