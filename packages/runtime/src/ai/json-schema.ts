// The JSON Schema of a type, as the answer-format instruction shows it to a real model.
// Hand-built rather than z.toJSONSchema: our schemas transform (ISO text → epoch ms) and count
// lengths in code points through refinements, which a generated schema would leave out.
import type { NamedType, Type } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";

export type JsonSchema = { [key: string]: unknown };

export function jsonSchemaOf(type: Type): JsonSchema {
  const recursive = recursiveTypes(type);
  const names = defNames(recursive);
  const defs: Record<string, JsonSchema> = {};
  const root = schema(type, names, defs);
  if (Object.keys(defs).length === 0) return root;
  return { ...root, $defs: defs };
}

function schema(type: Type, names: Map<NamedType, string>, defs: Record<string, JsonSchema>): JsonSchema {
  if (type.kind === "named" && names.has(type.decl)) {
    const name = names.get(type.decl) as string;
    if (!(name in defs)) {
      defs[name] = {}; // reserve, so the type's own references stop here
      defs[name] = body(type, names, defs);
    }
    return { $ref: `#/$defs/${name}` };
  }
  return body(type, names, defs);
}

function body(type: Type, names: Map<NamedType, string>, defs: Record<string, JsonSchema>): JsonSchema {
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "scalar": {
      const c = shape.constraints;
      switch (shape.base) {
        case "Bool":
          return { type: "boolean" };
        case "Int":
          return withBounds({ type: "integer" }, c.min, c.max);
        case "Decimal":
          return withBounds({ type: "number" }, c.min, c.max);
        case "Text": {
          const s: JsonSchema = { type: "string" };
          if (c.min_length !== undefined) s.minLength = c.min_length;
          if (c.max_length !== undefined) s.maxLength = c.max_length;
          if (c.pattern !== undefined) s.pattern = `^(?:${c.pattern})$`;
          return s;
        }
        case "Instant":
          return { type: "string", format: "date-time", description: "ISO 8601, e.g. 2026-01-01T00:00:00Z" };
        case "Duration":
          return { type: "string", pattern: "^-?([0-9]+(ms|s|m|h))+$", description: "a duration such as 500ms, 5s, 15m or 2h" };
      }
      return {};
    }
    case "enum":
      return { type: "string", enum: shape.members.map((m) => m.tag) };
    case "optional":
      return { anyOf: [schema(shape.inner, names, defs), { type: "null" }] };
    case "list": {
      const s: JsonSchema = { type: "array", items: schema(shape.item, names, defs) };
      if (shape.min_items !== undefined) s.minItems = shape.min_items;
      if (shape.max_items !== undefined) s.maxItems = shape.max_items;
      return s;
    }
    case "object": {
      const properties: Record<string, JsonSchema> = {};
      for (const field of shape.fields) properties[field.name] = schema(field.type, names, defs);
      return {
        type: "object",
        properties,
        required: shape.fields.filter((f) => f.type.kind !== "optional").map((f) => f.name),
        additionalProperties: false,
      };
    }
    case "nothing":
      return { type: "null" };
  }
}

function withBounds(s: JsonSchema, min: number | undefined, max: number | undefined): JsonSchema {
  if (min !== undefined) s.minimum = min;
  if (max !== undefined) s.maximum = max;
  return s;
}

/** Named types that contain themselves: only these go into `$defs`. */
function recursiveTypes(root: Type): Set<NamedType> {
  const found = new Set<NamedType>();
  const done = new Set<NamedType>();
  const open: NamedType[] = [];
  const visit = (type: Type): void => {
    if (type.kind === "named") {
      if (open.includes(type.decl)) {
        found.add(type.decl);
        return;
      }
      if (done.has(type.decl)) return;
      open.push(type.decl);
    }
    const shape = shapeOf(type);
    if (shape.kind === "optional") visit(shape.inner);
    else if (shape.kind === "list") visit(shape.item);
    else if (shape.kind === "object") for (const f of shape.fields) visit(f.type);
    if (type.kind === "named") {
      open.pop();
      done.add(type.decl);
    }
  };
  visit(root);
  return found;
}

/** `$defs` keys: the type's name, with its module when two share a name. */
function defNames(types: Set<NamedType>): Map<NamedType, string> {
  const names = new Map<NamedType, string>();
  const taken = new Set<string>();
  for (const decl of types) {
    let name = decl.name;
    if (taken.has(name)) name = `${decl.module.replace(/\//g, "_")}_${decl.name}`;
    for (let n = 2; taken.has(name); n++) name = `${decl.name}${n}`;
    taken.add(name);
    names.set(decl, name);
  }
  return names;
}
