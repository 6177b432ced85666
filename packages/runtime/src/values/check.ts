// `T(v)`: a value checked against a type's constraints at run time, by the validator that decodes
// answers (the compiler's), so a conversion and a decode can never disagree.
import { validateJson, type Type } from "@jadpo/compiler";
import type { DecodeError } from "../ai/decode.ts";
import { toJson } from "./json.ts";
import type { Value } from "./value.ts";

/** null when `value` is a valid `type`, else the first broken rule (path `the answer` for a scalar). */
export function checkConstraints(type: Type, value: Value): DecodeError | null {
  return validateJson(type, toJson(type, value));
}
