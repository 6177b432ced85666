// `factsOnDemand` (what `jadpo test` compiles with): the first check keeps no facts of function,
// action and fixture bodies, and asking for a body's gives exactly the facts a full check keeps.
import { describe, expect, test } from "vitest";
import { compileSources } from "../../src/testing/index.ts";
import type { CheckedProgram } from "../../src/check/program.ts";
import type { Block, Decl } from "../../src/syntax/ast.ts";
import type { Span } from "../../src/source/span.ts";
import { printType } from "../../src/types/print-type.ts";
import { EXAMPLE_ROOT, readProject } from "./check-sources.ts";

type Facts = Map<string, string[]>;

/** Each fact keyed by its node's kind and place (the two compiles have different nodes). */
function factsOf(program: CheckedProgram): { types: Facts; resolutions: Facts } {
  const add = (facts: Facts, node: object, value: string): void => {
    const { kind = "ident", span } = node as { kind?: string; span: Span };
    const key = `${kind} ${span.file}:${span.start}-${span.end}`;
    facts.set(key, [...(facts.get(key) ?? []), value].sort());
  };
  const types: Facts = new Map();
  const resolutions: Facts = new Map();
  for (const [expr, type] of program.exprTypes as Map<object, Parameters<typeof printType>[0]>) add(types, expr, printType(type));
  for (const [node, resolution] of program.resolutions as Map<object, { kind: string }>) add(resolutions, node, resolution.kind);
  return { types, resolutions };
}

/** Every function's, action's and fixture member's body, with its file. */
function callableBodies(program: CheckedProgram): { file: string; body: Block }[] {
  const out: { file: string; body: Block }[] = [];
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls as Decl[]) {
      if (decl.kind === "function" || decl.kind === "action") out.push({ file: file.path, body: decl.body });
      else if (decl.kind === "fixtures") for (const m of decl.members) out.push({ file: file.path, body: m.body });
    }
  }
  return out;
}

function inside(key: string, spans: Span[]): boolean {
  const [, place] = key.split(" ");
  const [file, range] = place.split(":");
  const [start, end] = range.split("-").map(Number);
  return spans.some((s) => s.file === file && s.start <= start && end <= s.end);
}

describe("facts on demand", () => {
  const sources = readProject(EXAMPLE_ROOT);
  const full = compileSources(sources).program!;
  const lazy = compileSources(sources, undefined, { factsOnDemand: true }).program!;
  const bodies = callableBodies(lazy);
  const bodySpans = bodies.map(({ body }) => body.span);

  test("the example has bodies of every kind, and a full check keeps facts from them", () => {
    expect(full.bodyFacts).toBeUndefined();
    expect(bodies.length).toBeGreaterThan(5);
    expect([...factsOf(full).types.keys()].filter((key) => inside(key, bodySpans)).length).toBeGreaterThan(20);
  });

  test("the first check keeps no expression type from those bodies, and only calls' and failures' resolutions", () => {
    const { types, resolutions } = factsOf(lazy);
    expect([...types.keys()].filter((key) => inside(key, bodySpans))).toEqual([]);
    const kept = [...resolutions].filter(([key]) => inside(key, bodySpans));
    expect(kept.every(([key, kinds]) => key.startsWith("call ") || kinds.every((k) => k === "failure"))).toBe(true);
    // Tests' bodies keep theirs.
    expect(types.size).toBeGreaterThan(0);
  });

  test("asking for every body gives the full check's facts, and asking twice adds nothing", () => {
    for (const { file, body } of bodies) lazy.bodyFacts!(file, body);
    const once = factsOf(lazy);
    const expected = factsOf(full);
    expect(Object.fromEntries(once.types)).toEqual(Object.fromEntries(expected.types));
    expect(Object.fromEntries(once.resolutions)).toEqual(Object.fromEntries(expected.resolutions));
    for (const { file, body } of bodies) lazy.bodyFacts!(file, body);
    expect(lazy.exprTypes.size).toBe(full.exprTypes.size);
    expect(lazy.resolutions.size).toBe(full.resolutions.size);
  });
});
