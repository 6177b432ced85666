// An action's parameters from one object of them by name (`jadpo dev`'s and `jadpo serve`'s request
// body, a built app's `app.actions.<name>(input)`): each decoded as its type by the rules answers
// are decoded by (docs/language.md). A problem is one rule and one path, as a decode error is.
import type { Type } from "@jadpo/compiler";
import { decodeValue, errorUnder, formatDecodeErrorDetail } from "../ai/decode.ts";
import type { Value } from "../values/value.ts";

export interface ParamSpec {
  name: string;
  type: Type;
}

/** Why the input doesn't decode: the rule and path of the decode error, and the sentence that says it. */
export interface InputProblem {
  rule: string;
  path: string;
  message: string;
}

export type InputsRead = { ok: true; args: Value[] } | { ok: false; problem: InputProblem };

/**
 * `input`'s fields decoded as `action`'s parameters, in declaration order. A field holding
 * `undefined` counts as absent (as JSON would leave it out); a missing `T?` is `none`.
 */
export function decodeInputs(action: string, params: readonly ParamSpec[], input: Readonly<Record<string, unknown>>): InputsRead {
  const known = new Set(params.map((p) => p.name));
  const given = (name: string) => Object.hasOwn(input, name) && input[name] !== undefined;
  const unknown = Object.keys(input).find((key) => !known.has(key) && input[key] !== undefined);
  if (unknown !== undefined) {
    const expected = params.length === 0 ? "no parameters" : `a parameter of \`${action}\` (${params.map((p) => p.name).join(", ")})`;
    return { ok: false, problem: { rule: "unknown", path: unknown, message: `\`unknown\` on \`${unknown}\`: expected ${expected}` } };
  }
  const args: Value[] = [];
  for (const param of params) {
    if (!given(param.name) && param.type.kind !== "optional") {
      return { ok: false, problem: { rule: "missing", path: param.name, message: `\`missing\` on \`${param.name}\`: \`${action}\` needs it` } };
    }
    const decoded = decodeValue(param.type, given(param.name) ? input[param.name] : null);
    if (!decoded.ok) {
      const error = errorUnder(param.name, decoded.error);
      return { ok: false, problem: { rule: error.rule, path: error.path, message: formatDecodeErrorDetail(error) } };
    }
    args.push(decoded.value);
  }
  return { ok: true, args };
}

export function isInputObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
