// `T(v)`: a value checked against a type's constraints at run time, by the same validator that
// decodes answers (so a conversion and a decode can never disagree).
import type { Type } from "@jadpo/compiler";
import { type DecodeError, decodeValue } from "../ai/decode.ts";
import { toJson } from "./json.ts";
import type { Value } from "./value.ts";

/** null when `value` is a valid `type`, else the first broken rule (path `the answer` for a scalar). */
export function checkConstraints(type: Type, value: Value): DecodeError | null {
  const result = decodeValue(type, toJson(type, value));
  return result.ok ? null : result.error;
}
