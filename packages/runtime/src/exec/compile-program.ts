// The whole checked program → closures: each function, action and fixture body on its first call,
// each test when it runs. Running a compiled body only allocates its frame and its context.
import type {
  ActionDecl, Block, CheckedProgram, FixtureMember, FunctionDecl, Param, SourceFile, Span, TestInfo,
} from "@jadpo/compiler";
import type { CompiledFakes } from "../ai/fake-script.ts";
import { compileScripts } from "./compile-fakes.ts";
import { Scope, declareLocal, type BodyState, type Callable, type Cx, type ProgramState } from "./compile-state.ts";
import { compileStatements } from "./compile-stmt.ts";
import { CONT, type SStmt } from "./stmt-signals.ts";
import { tick, type RunContext } from "./context.ts";
import { InternalFault, ReturnSignal, RuntimeFault } from "../signals.ts";
import type { Value } from "../values/value.ts";
import { forEachExprInBlock } from "./walk.ts";

/** Nested calls allowed before deep recursion is a runtime fault. */
export const MAX_CALL_DEPTH = 1000;

export interface CompiledTest {
  test: TestInfo;
  body: SStmt;
  /** Slots its frame needs. */
  slots: number;
  /** Whether a `return` may arrive as a ReturnSignal. */
  returnSignal: boolean;
  /** Its `fakes:` scripts, items ready to answer. */
  scripts: CompiledFakes;
}

export interface CompileOptions {
  /**
   * "sync" (the default): every backend answers synchronously, as the test fake does, so nothing
   * ever awaits. "async": AI calls may wait (a real model in `jadpo dev`).
   */
  aiMode?: "sync" | "async";
  /** Compile every test now rather than on its first run. */
  eagerTests?: boolean;
}

export interface CompiledProgram {
  program: CheckedProgram;
  aiMode: "sync" | "async";
  /** Prompts in a fixed order: their index keys `requests`/`attempts` in a run's context. */
  prompts: ProgramState["promptIndex"];
  /** `embedding_dimensions` of the ai connection, 16 without one. */
  dimensions: number;
  functions: ProgramState["functions"];
  actions: Map<ActionDecl, Callable>;
  fixtures: Map<FixtureMember, Callable>;
  /** Tests compiled ahead (`eagerTests`); the others are compiled when they run. */
  tests: Map<TestInfo, CompiledTest>;
  /**
   * The test compiled last, kept for its next run (a seed sweep and its shrinking run one test
   * many times in a row). Only that one: a run compiles each test once, and closures kept for
   * every test would only grow the old generation the collector has to walk.
   */
  recent: { test: TestInfo; compiled: CompiledTest } | null;
  /** The program's own tests, made on the first look-up. */
  own: Set<TestInfo> | null;
  state: ProgramState;
}

/** The compiled form of a test of the program, compiled when it runs; null when it is not the program's. */
export function compiledTest(compiled: CompiledProgram, test: TestInfo): CompiledTest | null {
  const recent = compiled.recent;
  if (recent && recent.test === test) return recent.compiled;
  const ahead = compiled.tests.get(test);
  if (ahead) return ahead;
  // The same test from another check of the same project: match by file and name.
  const own = (compiled.own ??= new Set(compiled.program.tests)).has(test)
    ? test
    : compiled.program.tests.find((t) => t.file.path === test.file.path && t.name === test.name);
  if (!own) return null;
  const ct = compiled.tests.get(own) ?? compileTest(compiled.state, own);
  compiled.recent = { test, compiled: ct };
  return ct;
}

function isAiCall(program: CheckedProgram, e: unknown): boolean {
  const res = program.resolutions.get(e as never);
  return res?.kind === "ai_generate" || res?.kind === "ai_stream" || res?.kind === "ai_embed";
}

/** Actions that may wait: they make an AI call, or call an action that may (a fixpoint over calls). */
function asyncActions(program: CheckedProgram, actions: ActionDecl[]): Set<ActionDecl> {
  const waits = new Set<ActionDecl>();
  const calls = new Map<ActionDecl, ActionDecl[]>();
  for (const action of actions) {
    const callees: ActionDecl[] = [];
    forEachExprInBlock(action.body, (e) => {
      if (e.kind !== "call") return;
      const res = program.resolutions.get(e) ?? program.resolutions.get(e.callee);
      if (isAiCall(program, e) || isAiCall(program, e.callee)) waits.add(action);
      else if (res?.kind === "action") callees.push(res.decl);
    });
    calls.set(action, callees);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const action of actions) {
      if (!waits.has(action) && (calls.get(action) ?? []).some((callee) => waits.has(callee))) {
        waits.add(action);
        changed = true;
      }
    }
  }
  return waits;
}

function tooDeep(name: string, span: Span): RuntimeFault {
  return new RuntimeFault({ variant: "call_depth", name, depth: MAX_CALL_DEPTH }, span);
}

/** A body's compiled code plus its calling convention: a fresh frame per call. */
function compileBody(p: ProgramState, name: string, span: Span, params: Param[], body: Block, target: Callable): void {
  const state: BodyState = { slots: 0, returnSignal: false };
  const cx: Cx = { p, body: state, scope: new Scope(null), stmt: span, test: null };
  for (const param of params) declareLocal(cx, param.name.name);
  const code = compileStatements({ ...cx, scope: new Scope(cx.scope) }, body.statements);
  const slots = state.slots;
  const catchReturn = state.returnSignal;
  const enter = (args: Value[], c: RunContext): Value[] => {
    tick(c);
    if (++c.depth > MAX_CALL_DEPTH) {
      c.depth--;
      throw tooDeep(name, span);
    }
    for (let i = args.length; i < slots; i++) args.push(null);
    return args;
  };
  const returned = (r: unknown): Value => (r === CONT ? null : (r as Value));
  if (code.async && !target.async) {
    // The analysis said this body never waits; calling it synchronously would lose its value.
    target.call = () => {
      throw new InternalFault(`\`${name}\` was compiled as waiting, but its callers don't wait for it`);
    };
    return;
  }
  if (!code.async && !target.async) {
    const run = code.fn;
    target.call = (args, c) => {
      const s = enter(args, c);
      try {
        return returned(run(s, c));
      } catch (err) {
        if (catchReturn && err instanceof ReturnSignal) return err.value;
        throw err;
      } finally {
        c.depth--;
      }
    };
    return;
  }
  const run = code.fn;
  target.call = async (args, c) => {
    const s = enter(args, c);
    try {
      return returned(await run(s, c));
    } catch (err) {
      if (catchReturn && err instanceof ReturnSignal) return err.value;
      throw err;
    } finally {
      c.depth--;
    }
  };
}

/**
 * A body's Callable, compiled on its first call: a run calls few of a large project's functions,
 * and closures for every body of a 50 MB project took more memory than its syntax trees.
 */
function compiledOnCall(p: ProgramState, name: string, span: Span, params: Param[], body: Block, async: boolean): Callable {
  const target: Callable = {
    name,
    async,
    call: (args, c) => {
      p.compiledBodies += 1;
      // A program checked with its bodies' facts on demand: this one's, before compiling it.
      p.program.bodyFacts?.(span.file, body);
      compileBody(p, name, span, params, body, target);
      return target.call(args, c);
    },
  };
  return target;
}

function compileTest(p: ProgramState, test: TestInfo): CompiledTest {
  const state: BodyState = { slots: 0, returnSignal: false };
  const cx: Cx = { p, body: state, scope: new Scope(null), stmt: test.decl.span, test: { name: test.name } };
  const body = compileStatements(cx, test.decl.body.statements);
  return { test, body, slots: state.slots, returnSignal: state.returnSignal, scripts: compileScripts(p, test.fakes) };
}

/** Functions' holders, each made the first time a call to it is compiled: most are never called. */
function functionsOnUse(state: () => ProgramState): ProgramState["functions"] {
  const made = new Map<FunctionDecl, Callable>();
  return {
    get(decl) {
      let target = made.get(decl);
      if (target === undefined) {
        target = compiledOnCall(state(), decl.name.name, decl.name.span, decl.params, decl.body, false);
        made.set(decl, target);
      }
      return target;
    },
  };
}

export function compileProgram(program: CheckedProgram, options: CompileOptions = {}): CompiledProgram {
  const aiMode = options.aiMode ?? "sync";
  const promptIndex = new Map([...program.prompts.values()].map((prompt, i) => [prompt, i] as const));
  const sources = new Map<string, SourceFile>(program.graph.files.map((f) => [f.path, f.source]));
  const p: ProgramState = {
    program, aiMode, promptIndex, sources,
    functions: functionsOnUse(() => p), actions: new Map(), fixtures: new Map(), compiledBodies: 0,
  };

  const actions: ActionDecl[] = [];
  const fixtures: FixtureMember[] = [];
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind === "action") actions.push(decl);
      else if (decl.kind === "fixtures") for (const m of decl.members) fixtures.push(m);
    }
  }
  const waits = aiMode === "async" ? asyncActions(program, actions) : new Set<ActionDecl>();
  // Each body is compiled when first called; calls compiled before it link to its holder.
  for (const a of actions) p.actions.set(a, compiledOnCall(p, a.name.name, a.name.span, a.params, a.body, waits.has(a)));
  for (const m of fixtures) p.fixtures.set(m, compiledOnCall(p, m.name.name, m.name.span, m.params ?? [], m.body, false));

  const tests = new Map<TestInfo, CompiledTest>();
  if (options.eagerTests) for (const test of program.tests) tests.set(test, compileTest(p, test));

  return {
    program, aiMode, prompts: promptIndex,
    dimensions: program.connection?.embeddingDimensions ?? 16,
    functions: p.functions, actions: p.actions, fixtures: p.fixtures,
    tests, recent: null, own: null, state: p,
  };
}
