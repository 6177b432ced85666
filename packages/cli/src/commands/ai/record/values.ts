// The values `jadpo ai record` asks with (docs/cli-ai.md): a fixture's, run with the runtime, or those of
// the prompt's last call in the development call log. Neither is `ai.no_values`.
import {
  closest, diagnostic, didYouMean, type CheckedProgram, type Diagnostic, type FixtureMember, type FixturesDecl, type PromptInfo, type TypeRef,
} from "@jadpo/compiler";
import { compileProgram, createContext, decodeValue, formatDecodeErrorDetail, type AiBackend, type Value } from "@jadpo/runtime";
import { readLastCall, type DevCall } from "@jadpo/runtime/dev";
import { valuesDigestOfJson } from "@jadpo/runtime/recordings";

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

/** A type as written in source, without spaces: `List<Text>`, `Text?`. */
function spell(ref: TypeRef): string {
  if (ref.kind === "optional") return `${spell(ref.inner)}?`;
  return ref.args.length === 0 ? ref.name.name : `${ref.name.name}<${ref.args.map(spell).join(",")}>`;
}

interface FoundFixture {
  name: string;
  member: FixtureMember;
}

function everyFixture(program: CheckedProgram): FoundFixture[] {
  const files = [...program.graph.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const found: FoundFixture[] = [];
  for (const file of files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "fixtures") continue;
      const group = decl as FixturesDecl;
      for (const member of group.members) found.push({ name: `${group.name.name}.${member.name.name}`, member });
    }
  }
  return found;
}

/**
 * The `--fixture` to suggest for a value that isn't `group.fixture`, from this project's own
 * fixtures: the one whose name is closest to what was written, else the first that fits the
 * prompt, else the form itself.
 */
export function fixtureExample(program: CheckedProgram, prompt: PromptInfo, given: string): string {
  const all = everyFixture(program);
  const near = closest(given, all.map((f) => f.member.name.name));
  const named = near === null ? undefined : all.find((f) => f.member.name.name === near);
  return named?.name ?? all.find((f) => fits(f.member, prompt))?.name ?? all[0]?.name ?? "group.fixture";
}

/** A fixture that can feed `prompt`: no parameters, and the prompt's values type (the checker made sure it means that type). */
function fits(member: FixtureMember, prompt: PromptInfo): boolean {
  return (member.params === null || member.params.length === 0) && spell(member.returnType) === prompt.valuesType.name;
}

function unusable(prompt: PromptInfo, fixture: string, problem: string, suggestion: string): ValuesResult {
  return { ok: false, diagnostic: diagnostic("ai.fixture_unusable", null, { fixture, prompt: prompt.name, problem, suggestion }) };
}

/** The next step when a fixture can't be used: the fitting fixtures, or how to write one. */
function fittingSuggestion(all: FoundFixture[], prompt: PromptInfo, near: string | null): string {
  const fitting = all.filter((f) => fits(f.member, prompt)).map((f) => `\`${f.name}\``);
  return didYouMean(
    near && `--fixture ${near}`,
    fitting.length > 0
      ? `Pass a fixture that gives \`${prompt.valuesType.name}\`: ${fitting.slice(0, 5).join(", ")}`
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
  const all = everyFixture(program);
  const named = all.filter((f) => f.name === name);
  if (named.length === 0) {
    // A typo in either half of `group.fixture` is found by comparing the whole text.
    const near = closest(name, all.filter((f) => fits(f.member, prompt)).map((f) => f.name));
    return unusable(prompt, name, "there is no such fixture", fittingSuggestion(all, prompt, near));
  }
  const chosen = named.find((f) => fits(f.member, prompt));
  if (chosen === undefined) {
    const member = named[0].member;
    const problem = member.params !== null && member.params.length > 0
      ? "it takes parameters"
      : `it returns \`${spell(member.returnType)}\`, not \`${prompt.valuesType.name}\``;
    return unusable(prompt, name, problem, fittingSuggestion(all, prompt, null));
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

/** The values of the prompt's last call in `.jadpo/dev/calls.jsonl`, read back as its values type. */
export function valuesFromDevLog(root: string, prompt: PromptInfo): ValuesResult {
  const call = readLastCall(root, prompt.name);
  if (call === null) return { ok: false, diagnostic: diagnostic("ai.no_values", null, { prompt: prompt.name }) };
  return valuesOfCall(call, prompt, "dev_call");
}

/** The values of the prompt's newest call whose values digest is `digest`, or null when there is none. */
export function valuesFromSameValuesCall(root: string, prompt: PromptInfo, digest: string): ValuesResult | null {
  const call = readLastCall(root, prompt.name, (c) => valuesDigestOfJson(c.values) === digest);
  return call === null ? null : valuesOfCall(call, prompt, "same_values_call");
}

function valuesOfCall(call: DevCall, prompt: PromptInfo, kind: "dev_call" | "same_values_call"): ValuesResult {
  const decoded = decodeValue({ kind: "named", decl: prompt.valuesType }, call.values);
  if (!decoded.ok) {
    const d = diagnostic("ai.no_values", null, { prompt: prompt.name });
    d.details = [{
      label: "note",
      text: `${kind === "dev_call" ? "the last `jadpo dev` call" : "the `jadpo dev` call with the same values"}, ${call.id}, gave values that no longer decode as \`${prompt.valuesType.name}\`: ${formatDecodeErrorDetail(decoded.error)}`,
    }];
    return { ok: false, diagnostic: d };
  }
  return { ok: true, values: decoded.value, from: { kind, id: call.id } };
}
