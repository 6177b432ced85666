// What a recording remembers of the question it answered (docs/testing.md, "keeping recordings
// fresh"): the fixture it was asked with, the model that answered, a keyed digest of the prompt
// values (values-digest.ts) — never the values themselves, so no personal text is kept while a
// `jadpo dev` call can still be matched to the recording made from the same values — and the
// tokens the model reported using, when it did.
import type { TokenUsage } from "../ai/backend.ts";
import type { JsonValue } from "../values/value.ts";

export interface Asked {
  /** `questions.sesame`, when recorded with `--fixture`. */
  fixture?: string;
  /** The connection's `model` when it was recorded. */
  model: string;
  /** 8 hex digits: `valuesDigest` of the values it was asked with (or, in an older recording, their unkeyed SHA-256). */
  values: string;
  /** `{"input_tokens":N,"output_tokens":M}`: what the model reported the request used. */
  usage?: TokenUsage;
}

const ASKED_KEYS = ["fixture", "model", "values", "usage"];

const FIXTURE = /^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/;
const DIGEST = /^[0-9a-f]{8}$/;
const MAX_MODEL = 200;

/** `asked` read strictly: the value, or the phrase saying what is wrong with it. */
export function readAsked(json: JsonValue): { ok: true; asked: Asked } | { ok: false; problem: string } {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    return { ok: false, problem: "its `asked` is not an object with `model` and `values`" };
  }
  for (const key of Object.keys(json)) {
    if (!ASKED_KEYS.includes(key)) {
      return { ok: false, problem: `its \`asked\` has ${JSON.stringify(key)} besides \`fixture\`, \`model\`, \`values\` and \`usage\`` };
    }
  }
  const { fixture, model, values, usage } = json;
  if (typeof model !== "string" || model.length === 0 || model.length > MAX_MODEL || /[\u0000-\u001f]/.test(model)) {
    return { ok: false, problem: "its `asked.model` is not the name of a model" };
  }
  if (typeof values !== "string" || !DIGEST.test(values)) {
    return { ok: false, problem: "its `asked.values` is not 8 hex digits" };
  }
  if (fixture !== undefined && (typeof fixture !== "string" || !FIXTURE.test(fixture))) {
    return { ok: false, problem: "its `asked.fixture` is not of the form `group.fixture`" };
  }
  const tokens = usage === undefined ? undefined : readUsage(usage);
  if (tokens === null) return { ok: false, problem: "its `asked.usage` is not `{\"input_tokens\": N, \"output_tokens\": M}` with whole numbers" };
  const asked: Asked = fixture === undefined ? { model, values } : { fixture, model, values };
  if (tokens !== undefined) asked.usage = tokens;
  return { ok: true, asked };
}

/** `{"input_tokens": N, "output_tokens": M}`, both whole numbers of 0 or more and nothing else; null otherwise. */
function readUsage(json: JsonValue): TokenUsage | null {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return null;
  const keys = Object.keys(json);
  const count = (n: JsonValue | undefined): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  const { input_tokens: input, output_tokens: output } = json;
  if (keys.length !== 2 || !count(input) || !count(output)) return null;
  return { input_tokens: input, output_tokens: output };
}
