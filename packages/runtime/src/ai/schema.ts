// zod schemas for Jadpo types, built once per type (docs/ai.md's decoding rules as a schema).
// A schema reads the JSON form (Instants as ISO text, Durations as `15m`, enum members by tag)
// and outputs the runtime value (epoch ms, ms, member name). Rules zod has no word for — code
// point lengths, whole-text patterns, Int's safe range — are refinements carrying our rule name.
import { z } from "zod";
import type { Base, Constraints, NamedType, Type } from "@jadpo/compiler";
import { codePointLength, patternRegExp } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";
import { parseDuration, parseInstant } from "../values/time.ts";
import type { Value } from "../values/value.ts";

export type ValueSchema = z.ZodType<Value>;

/** What a refinement reports, read back by decode-error.ts. */
export interface RuleParams {
  rule: "type" | "min_length" | "max_length" | "pattern";
}

/** Keyed by the NamedType for declared types (identity is nominal), else by the Type object. */
const cache = new WeakMap<object, ValueSchema>();

export function schemaOf(type: Type): ValueSchema {
  const key: object = type.kind === "named" ? type.decl : type;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (type.kind !== "named") {
    const built = build(type);
    cache.set(key, built);
    return built;
  }
  return named(type.decl, type);
}

/** A recursive type meets itself while being built: it gets a lazy stand-in until it is done. */
function named(decl: NamedType, type: Type): ValueSchema {
  let built: ValueSchema | undefined;
  const standIn = z.lazy(() => built as ValueSchema) as unknown as ValueSchema;
  cache.set(decl, standIn);
  built = build(type);
  cache.set(decl, built);
  return built;
}

function build(type: Type): ValueSchema {
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "scalar":
      return scalar(shape.base, shape.constraints);
    case "enum": {
      if (shape.members.length === 0) return z.never() as unknown as ValueSchema;
      const tags = shape.members.map((m) => m.tag) as [string, ...string[]];
      const byTag = new Map(shape.members.map((m) => [m.tag, m.name]));
      const plain = shape.members.every((m) => m.tag === m.name);
      const schema = z.enum(tags);
      return (plain ? schema : schema.transform((tag) => byTag.get(tag) ?? tag)) as unknown as ValueSchema;
    }
    case "optional":
      return schemaOf(shape.inner).nullable() as unknown as ValueSchema;
    case "list": {
      let schema = z.array(schemaOf(shape.item));
      if (shape.min_items !== undefined) schema = schema.min(shape.min_items);
      if (shape.max_items !== undefined) schema = schema.max(shape.max_items);
      return schema as unknown as ValueSchema;
    }
    case "object": {
      const fields: Record<string, z.ZodType> = {};
      for (const field of shape.fields) {
        const schema = schemaOf(field.type);
        // A missing `T?` field is none (docs/ai.md).
        fields[field.name] = field.type.kind === "optional" ? schema.default(null) : schema;
      }
      return z.strictObject(fields) as unknown as ValueSchema;
    }
    case "nothing":
      return z.null() as unknown as ValueSchema;
  }
}

const TYPE: { params: RuleParams; abort: true } = { params: { rule: "type" }, abort: true };

function scalar(base: Base, c: Constraints): ValueSchema {
  switch (base) {
    case "Bool":
      return z.boolean() as unknown as ValueSchema;
    case "Int":
      return bounded(z.number().refine((n) => Number.isSafeInteger(n), TYPE), c);
    case "Decimal":
      return bounded(z.number(), c);
    case "Text":
      return text(c);
    case "Instant":
      return z
        .string()
        .refine((s) => parseInstant(s) !== null, TYPE)
        .transform((s) => parseInstant(s) ?? 0) as unknown as ValueSchema;
    case "Duration":
      return z
        .string()
        .refine((s) => parseDuration(s) !== null, TYPE)
        .transform((s) => parseDuration(s) ?? 0) as unknown as ValueSchema;
    default:
      return base satisfies never;
  }
}

function bounded(schema: z.ZodNumber, c: Constraints): ValueSchema {
  let s = schema;
  if (c.min !== undefined) s = s.gte(c.min);
  if (c.max !== undefined) s = s.lte(c.max);
  return s as unknown as ValueSchema;
}

/**
 * `String.prototype.isWellFormed` (Node 20; not in the ES2023 lib): false when the text holds an
 * unpaired UTF-16 surrogate (JSON's `"\\ud800"` decodes to one, and it is no Unicode character).
 */
const isWellFormed = (String.prototype as unknown as { isWellFormed: (this: string) => boolean }).isWellFormed;

/** Whether a JSON string is Unicode text (a Text holds characters, never half of one). */
export function isUnicodeText(t: string): boolean {
  return isWellFormed.call(t);
}

function text(c: Constraints): ValueSchema {
  let s = z.string().refine(isUnicodeText, TYPE);
  const { min_length: min, max_length: max, pattern } = c;
  if (min !== undefined) s = s.refine((t) => codePointLength(t) >= min, { params: { rule: "min_length" } satisfies RuleParams });
  if (max !== undefined) s = s.refine((t) => codePointLength(t) <= max, { params: { rule: "max_length" } satisfies RuleParams });
  if (pattern !== undefined) {
    // Matched against the whole text, in linear time: no answer can make a match run for hours.
    const whole = patternRegExp(pattern);
    s = s.refine((t) => whole !== null && whole.test(t), { params: { rule: "pattern" } satisfies RuleParams });
  }
  return s as unknown as ValueSchema;
}

