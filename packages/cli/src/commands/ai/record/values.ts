// The values `jadpo ai record` asks with (docs/cli-ai.md): a fixture's, run with the runtime, or those of
// the prompt's last call in the development call log. Neither is `ai.no_values`.
import {
  closest, diagnostic, didYouMean, fixtureFits, fixturesFor, onlyFixtureFor, projectFixtures, spellTypeRef, type CheckedProgram, type Diagnostic, type PromptInfo,
} from "@jadpo/compiler";
import { compileProgram, createContext, decodeValue, formatDecodeErrorDetail, type AiBackend, type Value } from "@jadpo/runtime";
import { readLastCall, type DevCall } from "@jadpo/runtime/dev";
import { askedWithValues, valuesDigestOfJson, type Asked, type RecordingKey } from "@jadpo/runtime/recordings";

/** Where the values came from: the `from` line of the printed block. */
export type ValuesSource =
  | { kind: "fixture"; name: string }
  /** The prompt's last call. */
  | { kind: "dev_call"; id: string }
  /** The newest call whose values digest is the recording's `asked.values`. */
  | { kind: "same_values_call"; id: string };

export type ValuesResult = { ok: true; values: Value; from: ValuesSource } | { ok: false; diagnostic: Diagnostic };

const FIXTURE = /^([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** `questions.sesame` → its two names, or null when it isn't of that form (a usage error). */
export function parseFixtureName(text: string): { group: string; member: string } | null {
  const m = FIXTURE.exec(text);
  return m === null ? null : { group: m[1], member: m[2] };
}

/**
 * The `--fixture` to suggest for a value that isn't `group.fixture`, from this project's own
 * fixtures: the one whose name is closest to what was written, else the first that fits the
 * prompt, else the form itself.
 */
export function fixtureExample(program: CheckedProgram, prompt: PromptInfo, given: string): string {
  const all = projectFixtures(program.graph);
  const near = closest(given, all.map((f) => f.member.name.name));
  const named = near === null ? undefined : all.find((f) => f.member.name.name === near);
  return named?.name ?? all.find((f) => fixtureFits(f.member, prompt))?.name ?? all[0]?.name ?? "group.fixture";
}

function unusable(prompt: PromptInfo, fixture: string, problem: string, suggestion: string): ValuesResult {
  return { ok: false, diagnostic: diagnostic("ai.fixture_unusable", null, { fixture, prompt: prompt.name, problem, suggestion }) };
}

/** The next step when a fixture can't be used: the fitting fixtures, or how to write one. */
function fittingSuggestion(fitting: string[], prompt: PromptInfo, near: string | null): string {
  return didYouMean(
    near && `--fixture ${near}`,
    fitting.length > 0
      ? `Pass a fixture that gives \`${prompt.valuesType.name}\`: ${fitting.slice(0, 5).map((f) => `\`${f}\``).join(", ")}`
      : `Declare a fixture without parameters that returns \`${prompt.valuesType.name}\`, such as \`example -> ${prompt.valuesType.name} { ... }\``,
  );
}

/** No fixture may reach a model: fixtures are pure, so this backend is never asked. */
const noBackend: AiBackend = {
  generate() {
    throw new Error("a fixture asked the model");
  },
  stream() {
    throw new Error("a fixture asked the model");
  },
  embed() {
    throw new Error("a fixture asked the model");
  },
};

/** A runtime fault thrown by the executor (duck-typed: the runtime keeps its signal classes to itself). */
function isFault(e: unknown): e is { problem: string; suggestion: string } {
  return typeof e === "object" && e !== null && typeof (e as { problem?: unknown }).problem === "string"
    && typeof (e as { suggestion?: unknown }).suggestion === "string";
}

/** The values the fixture `name` (`questions.sesame`) returns, run with the runtime. */
export async function valuesFromFixture(program: CheckedProgram, prompt: PromptInfo, name: string): Promise<ValuesResult> {
  const all = projectFixtures(program.graph);
  const fitting = all.filter((f) => fixtureFits(f.member, prompt)).map((f) => f.name);
  const named = all.filter((f) => f.name === name);
  if (named.length === 0) {
    // A typo in either half of `group.fixture` is found by comparing the whole text.
    return unusable(prompt, name, "there is no such fixture", fittingSuggestion(fitting, prompt, closest(name, fitting)));
  }
  const chosen = named.find((f) => fixtureFits(f.member, prompt));
  if (chosen === undefined) {
    const member = named[0].member;
    const problem = member.params !== null && member.params.length > 0
      ? "it takes parameters"
      : `it returns \`${spellTypeRef(member.returnType)}\`, not \`${prompt.valuesType.name}\``;
    return unusable(prompt, name, problem, fittingSuggestion(fitting, prompt, null));
  }
  const compiled = compileProgram(program);
  const callable = compiled.fixtures.get(chosen.member);
  if (callable === undefined) throw new Error(`the fixture \`${name}\` was not compiled`);
  const run = createContext({ seed: 1, backend: noBackend, promptCount: compiled.prompts.size, dimensions: compiled.dimensions });
  try {
    const values = await callable.call([], run);
    return { ok: true, values, from: { kind: "fixture", name } };
  } catch (e) {
    if (!isFault(e)) throw e;
    return { ok: false, diagnostic: diagnostic("runtime.fault", null, { variant: "fixture_stopped", fixture: name, fault: e.problem, suggestion: e.suggestion }) };
  }
}

/** The `--fixture` a printed command should carry: the one fixture that can feed the prompt, else the form. */
export function fixtureForCommand(program: CheckedProgram, prompt: PromptInfo): string {
  return onlyFixtureFor(program.graph, prompt) ?? "group.fixture";
}

/** The next step of `ai.no_values`: the fixtures that can feed the prompt, else how to make values. */
function noValuesStep(program: CheckedProgram, prompt: PromptInfo): string {
  const fitting = fixturesFor(program.graph, prompt);
  const dev = `call an action that asks \`${prompt.name}\` in \`jadpo dev\``;
  if (fitting.length === 1) return `Pass \`--fixture ${fitting[0]}\`, or ${dev}`;
  if (fitting.length > 1) return `Pass one of the fixtures that give \`${prompt.valuesType.name}\` with \`--fixture\` (${fitting.slice(0, 5).map((f) => `\`${f}\``).join(", ")}), or ${dev}`;
  return `${dev[0].toUpperCase()}${dev.slice(1)}, or declare a fixture without parameters that returns \`${prompt.valuesType.name}\` and pass it with \`--fixture\``;
}

/** The values of the prompt's last call in `.jadpo/dev/calls.jsonl`, read back as its values type. */
export function valuesFromDevLog(program: CheckedProgram, root: string, prompt: PromptInfo): ValuesResult {
  const call = readLastCall(root, prompt.name);
  if (call === null) return { ok: false, diagnostic: diagnostic("ai.no_values", null, { prompt: prompt.name, suggestion: noValuesStep(program, prompt) }) };
  return valuesOfCall(program, call, prompt, "dev_call");
}

/** The values of the prompt's newest call whose values digest under `key` is `asked.values`, or null when there is none. */
export function valuesFromSameValuesCall(
  program: CheckedProgram, root: string, prompt: PromptInfo, asked: Asked, key: RecordingKey,
): ValuesResult | null {
  const call = readLastCall(root, prompt.name, (c) => askedWithValues(asked, valuesDigestOfJson(key, c.values)));
  return call === null ? null : valuesOfCall(program, call, prompt, "same_values_call");
}

function valuesOfCall(program: CheckedProgram, call: DevCall, prompt: PromptInfo, kind: "dev_call" | "same_values_call"): ValuesResult {
  const decoded = decodeValue({ kind: "named", decl: prompt.valuesType }, call.values);
  if (!decoded.ok) {
    const d = diagnostic("ai.no_values", null, { prompt: prompt.name, suggestion: noValuesStep(program, prompt) });
    d.details = [{
      label: "note",
      text: `${kind === "dev_call" ? "the last `jadpo dev` call" : "the `jadpo dev` call with the same values"}, ${call.id}, gave values that no longer decode as \`${prompt.valuesType.name}\`: ${formatDecodeErrorDetail(decoded.error)}`,
    }];
    return { ok: false, diagnostic: d };
  }
  return { ok: true, values: decoded.value, from: { kind, id: call.id } };
}
