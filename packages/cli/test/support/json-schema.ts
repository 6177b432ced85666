// A small JSON Schema checker for the keywords packages/cli/schema/*.schema.json use (type, const,
// enum, required, properties, additionalProperties, items, $ref to #/$defs): enough to prove a
// report keeps to its published schema without a validator dependency.
type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  $ref?: string;
  $defs?: Record<string, Schema>;
};

function typeOf(value: unknown): string[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  if (typeof value === "number") return Number.isInteger(value) ? ["integer", "number"] : ["number"];
  return [typeof value];
}

/** Every way `value` breaks `schema`, as `path: problem` lines; none when it keeps to it. */
export function schemaErrors(schema: Schema, value: unknown, root: Schema = schema, path = "$"): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace("#/$defs/", "");
    const target = root.$defs?.[name];
    return target ? schemaErrors(target, value, root, path) : [`${path}: unknown $ref ${schema.$ref}`];
  }
  const errors: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!typeOf(value).some((type) => types.includes(type))) return [`${path}: expected ${types.join(" or ")}, got ${JSON.stringify(value)}`];
  }
  if ("const" in schema && value !== schema.const) errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) errors.push(`${path}: missing ${key}`);
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) errors.push(...schemaErrors(property, item, root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected ${key}`);
      else if (typeof schema.additionalProperties === "object") errors.push(...schemaErrors(schema.additionalProperties, item, root, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => errors.push(...schemaErrors(schema.items!, item, root, `${path}[${i}]`)));
  return errors;
}
