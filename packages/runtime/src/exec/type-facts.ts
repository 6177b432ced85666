// Small questions about semantic types the executor asks at compile time.
import { sameType, type Type } from "@jadpo/compiler";

/** Whether two types are the same type: the compiler's identity (named types by declaration). */
export { sameType };

/** The fields of a record type in declaration order, or null when it is not a record. */
export function recordFields(type: Type | undefined): string[] | null {
  if (!type || type.kind !== "named" || type.decl.def.kind !== "object") return null;
  return type.decl.def.fields.map((f) => f.name);
}
