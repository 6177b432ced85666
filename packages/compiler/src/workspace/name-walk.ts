// The walk that fills the name table (name-index.ts): every declaration's name, then every place
// a name is written, resolved as the checker resolved it — expressions through its resolutions
// and expression types, type names and `use` names through the file's scope, `ai.<prompt>` and
// tool names through the checked prompts, fields through the record's type.
import type {
  Block, ConfigEntry, Decl, Expr, FakeItem, FakesBlock, Ident, MatchArm, Param, Pattern, PromptDecl, Stmt, TypeRef,
} from "../syntax/ast.ts";
import type { Span } from "../source/span.ts";
import type { CompileResult } from "../pipeline.ts";
import type { DeclRef, LoadedFile } from "../modules/graph.ts";
import type { CheckedProgram, PromptInfo, Resolution } from "../check/program.ts";
import type { Type } from "../types/types.ts";
import { ownerField, typeOwner, type TypeOwner as Owner } from "./type-owner.ts";
import { symbolKey, type NameKind, type NameSymbol, type Occurrence } from "./name-symbols.ts";
import { recordingNames } from "./recording-names.ts";
import { allFacts } from "./body-facts.ts";

export interface NameSink {
  declare(symbol: NameSymbol): void;
  use(occurrence: Occurrence): void;
}

class Walk {
  file!: LoadedFile;

  constructor(private readonly result: CompileResult, readonly program: CheckedProgram, private readonly sink: NameSink) {}

  declare(name: Ident, kind: NameKind, owner?: string): void {
    this.sink.declare({ key: symbolKey(name.span), name: name.name, kind, span: name.span, ...(owner ? { owner } : {}) });
    this.sink.use({ key: symbolKey(name.span), span: name.span, declaration: true, form: "name" });
  }

  use(declared: Span, at: Span, form: Occurrence["form"] = "name"): void {
    this.sink.use({ key: symbolKey(declared), span: at, declaration: false, form });
  }

  /** A top-level name as the file sees it. */
  useRef(ref: DeclRef | undefined, at: Span): void {
    if (!ref) return;
    if (ref.kind === "prompt_values") this.use(ref.prompt.name.span, at, "values_type");
    else this.use(ref.decl.name.span, at);
  }

  useTop(name: string, at: Span): void {
    this.useRef(this.result.graph.scopes.get(this.file.path)?.names.get(name), at);
  }

  ownerOf(type: Type | undefined): Owner | null {
    return typeOwner(this.program, type);
  }

  /** A field of a record type, where it is declared. */
  useField(owner: Owner | null, name: string, at: Span): void {
    const field = ownerField(owner, name);
    if (field) this.use(field.span, at);
  }

  useMember(owner: Owner | null, name: string, at: Span): void {
    if (!owner || owner.decl.kind !== "type" || owner.decl.body.kind !== "enum") return;
    const member = owner.decl.body.members.find((m) => m.name === name);
    if (member) this.use(member.span, at);
  }

  resolution(node: object): Resolution | undefined {
    return this.program.resolutions.get(node as Expr);
  }
}

export function walkNames(result: CompileResult, sink: NameSink): void {
  const program = result.program;
  if (!program) return;
  allFacts(program);
  const w = new Walk(result, program, sink);
  for (const file of result.graph.files) {
    w.file = file;
    for (const decl of file.syntax.decls) walkDecl(w, decl);
  }
  recordingNames(result, ({ promptName, prompt, fixture, tools }) => {
    const promptInfo = prompt && program.prompts.get(prompt.name);
    if (promptInfo && prompt) w.use(promptInfo.decl.name.span, prompt.span);
    for (const tool of tools) {
      const info = program.prompts.get(promptName)?.tools.find((t) => t.name === tool.name);
      if (info) w.use(info.decl.name.span, tool.span);
    }
    if (!fixture) return;
    const group = result.graph.files.flatMap((f) => f.syntax.decls).find((d) => d.kind === "fixtures" && d.name.name === fixture.group);
    if (group?.kind !== "fixtures") return;
    w.use(group.name.span, fixture.groupSpan);
    const member = group.members.find((m) => m.name.name === fixture.member);
    if (member) w.use(member.name.span, fixture.memberSpan);
  });
}

function walkDecl(w: Walk, decl: Decl): void {
  switch (decl.kind) {
    case "use":
      for (const name of decl.names) w.useTop(name.name, name.span);
      return;
    case "type":
      w.declare(decl.name, "type");
      if (decl.body.kind === "alias") walkTypeRef(w, decl.body.base);
      else if (decl.body.kind === "enum") for (const m of decl.body.members) w.declare(m, "enum_member", decl.name.name);
      else for (const f of decl.body.fields) {
        w.declare(f.name, "field", decl.name.name);
        walkTypeRef(w, f.type);
      }
      return;
    case "failure":
      w.declare(decl.name, "failure");
      return;
    case "function":
    case "action":
      w.declare(decl.name, decl.kind);
      walkParams(w, decl.params);
      for (const f of decl.fails) walkFailure(w, f);
      if (decl.returnType) walkTypeRef(w, decl.returnType);
      if (!decl.incomplete) walkBlock(w, decl.body);
      return;
    case "fixtures":
      w.declare(decl.name, "fixtures");
      for (const member of decl.members) {
        w.declare(member.name, "fixture", decl.name.name);
        walkParams(w, member.params ?? []);
        walkTypeRef(w, member.returnType);
        if (!decl.incomplete) walkBlock(w, member.body);
      }
      return;
    case "prompt":
      w.declare(decl.name, "prompt");
      // A prompt's parameters are the fields of its values type.
      walkParams(w, decl.params, "field", decl.name.name);
      walkPromptEntries(w, decl);
      return;
    case "connection":
      w.declare(decl.name, "connection");
      for (const entry of decl.entries) walkSandbox(w, entry);
      return;
    case "locales":
      return;
    case "test":
      if (decl.fakes) walkFakes(w, decl.fakes);
      if (!decl.incomplete) walkBlock(w, decl.body);
      return;
  }
}

function walkParams(w: Walk, params: Param[], kind: NameKind = "parameter", owner?: string): void {
  for (const p of params) {
    w.declare(p.name, kind, owner);
    walkTypeRef(w, p.type);
  }
}

function walkTypeRef(w: Walk, ref: TypeRef): void {
  if (ref.kind === "optional") return walkTypeRef(w, ref.inner);
  w.useTop(ref.name.name, ref.name.span);
  for (const arg of ref.args) walkTypeRef(w, arg);
}

function walkFailure(w: Walk, ident: Ident): void {
  const resolution = w.resolution(ident);
  if (resolution?.kind === "failure" && resolution.failure.decl) w.use(resolution.failure.decl.name.span, ident.span);
}

/** `tools:` keys name actions and functions; `{param}` placeholders in texts name the prompt's parameters. */
function walkPromptEntries(w: Walk, decl: PromptDecl): void {
  const text = w.file.source.text;
  for (const entry of decl.entries) {
    if (entry.name.name === "tools" && entry.value.kind === "block") {
      for (const tool of entry.value.entries) w.useTop(tool.name.name, tool.name.span);
    } else if ((entry.name.name === "text" || entry.name.name === "system") && entry.value.kind === "expr") {
      const { start, end } = entry.value.span;
      for (const m of text.slice(start, end).matchAll(/(?<!\{)\{\s*([a-z][a-z0-9_]*)\s*(?=[}.])/g)) {
        const param = decl.params.find((p) => p.name.name === m[1]);
        const at = start + m.index + m[0].length - m[1].length;
        if (param) w.use(param.name.span, spanAt(w.file, at, at + m[1].length));
      }
    }
  }
}

/** `development: { sandbox: [answer_question] }`: prompt names, bare or quoted. */
function walkSandbox(w: Walk, entry: ConfigEntry): void {
  if (entry.name.name !== "development" || entry.value.kind !== "block") return;
  for (const inner of entry.value.entries) {
    if (inner.name.name !== "sandbox" || inner.value.kind !== "expr" || inner.value.expr.kind !== "list") continue;
    for (const item of inner.value.expr.items) {
      const name = item.kind === "name" ? item.name : item.kind === "text" ? item.value : null;
      const prompt = name === null ? undefined : w.program.prompts.get(name);
      if (!prompt) continue;
      const quoted = item.kind === "text" ? 1 : 0;
      w.use(prompt.decl.name.span, spanAt(w.file, item.span.start + quoted, item.span.end - quoted));
    }
  }
}

function walkFakes(w: Walk, fakes: FakesBlock): void {
  for (const entry of fakes.entries) {
    const prompt = w.program.prompts.get(entry.target.name);
    if (prompt) w.use(prompt.decl.name.span, entry.target.span);
    for (const item of entry.items) walkFakeItem(w, prompt, item);
  }
}

function walkFakeItem(w: Walk, prompt: PromptInfo | undefined, item: FakeItem): void {
  // Every kind of item is named, so a new one fails the typecheck here until it is walked.
  switch (item.kind) {
    case "value":
      return walkExpr(w, item.expr);
    case "partial":
      for (const piece of item.pieces ?? []) walkExpr(w, piece);
      return;
    case "transport": case "like":
      for (const arg of item.args ?? []) walkExpr(w, arg);
      return;
    case "calls":
      for (const call of item.calls) {
        if (call.kind !== "typed") continue; // a raw call's name is a text the real decoding reads
        const tool = prompt?.tools.find((t) => t.name === call.tool.name);
        if (tool) w.use(tool.decl.name.span, call.tool.span);
        for (const arg of call.args) walkExpr(w, arg);
      }
      return;
    case "when":
      // A `when`'s fields are fields of the prompt's values: its parameters.
      if (item.match.kind === "fields") {
        const owner = prompt ? { decl: prompt.decl, file: prompt.file } : null;
        for (const field of item.match.fields) {
          w.useField(owner, field.name.name, field.name.span);
          walkExpr(w, field.value);
        }
      }
      for (const inner of item.items) walkFakeItem(w, prompt, inner);
      return;
    case "raw": case "recorded": case "failure": case "malformed": case "generated":
      return;
    default:
      item satisfies never;
  }
}

function walkBlock(w: Walk, block: Block): void {
  for (const stmt of block.statements) walkStmt(w, stmt);
}

function walkStmt(w: Walk, stmt: Stmt): void {
  switch (stmt.kind) {
    case "var":
      w.declare(stmt.name, "local");
      if (stmt.type) walkTypeRef(w, stmt.type);
      return walkExpr(w, stmt.value);
    case "assign": {
      const resolution = w.resolution(stmt.target);
      if (resolution?.kind === "local") w.use(resolution.at, stmt.target.span);
      return walkExpr(w, stmt.value);
    }
    case "if":
      walkExpr(w, stmt.cond);
      walkBlock(w, stmt.then);
      if (stmt.else && "statements" in stmt.else) walkBlock(w, stmt.else);
      else if (stmt.else) walkStmt(w, stmt.else);
      return;
    case "for":
      w.declare(stmt.item, "local");
      walkExpr(w, stmt.list);
      return walkBlock(w, stmt.body);
    case "return":
      if (stmt.value) walkExpr(w, stmt.value);
      return;
    case "reject":
      return walkFailure(w, stmt.failure);
    case "assert":
      walkExpr(w, stmt.expr);
      if (stmt.fails) walkFailure(w, stmt.fails);
      return;
    case "advance":
      return walkExpr(w, stmt.by);
    case "expr":
      return walkExpr(w, stmt.expr);
  }
}

function walkExpr(w: Walk, expr: Expr): void {
  switch (expr.kind) {
    case "text": case "int": case "decimal": case "duration": case "bool": case "none":
      return;
    case "name":
      return useResolved(w, w.resolution(expr), expr.span);
    case "list":
      for (const item of expr.items) walkExpr(w, item);
      return;
    case "record": {
      const owner = w.ownerOf(w.program.exprTypes.get(expr));
      if (owner) w.use(owner.decl.name.span, expr.type.span, owner.decl.kind === "prompt" ? "values_type" : "name");
      else w.useTop(expr.type.name, expr.type.span);
      const fieldsOwner = owner ?? ownerOfRef(w, expr.type.name);
      for (const field of expr.fields) {
        w.useField(fieldsOwner, field.name.name, field.name.span);
        walkExpr(w, field.value);
      }
      return;
    }
    case "member":
      return walkMember(w, expr);
    case "call":
      walkExpr(w, expr.callee);
      for (const arg of expr.args) walkExpr(w, arg);
      if (expr.asType) walkTypeRef(w, expr.asType);
      return;
    case "unary": case "attempt":
      return walkExpr(w, expr.operand);
    case "binary":
      walkExpr(w, expr.left);
      return walkExpr(w, expr.right);
    case "paren":
      return walkExpr(w, expr.inner);
    case "match":
      walkExpr(w, expr.subject);
      for (const arm of expr.arms) walkArm(w, arm);
      return;
  }
}

/** The owner named by a record literal's type when the checker kept no type for the literal. */
function ownerOfRef(w: Walk, name: string): Owner | null {
  const ref = w.program.graph.scopes.get(w.file.path)?.names.get(name);
  if (ref?.kind === "prompt_values") return { decl: ref.prompt, file: ref.file };
  return ref?.kind === "decl" && ref.decl.kind === "type" ? { decl: ref.decl, file: ref.file } : null;
}

/** A name or callee the checker resolved: a local, a function or action, a type converted to. */
function useResolved(w: Walk, resolution: Resolution | undefined, at: Span): void {
  if (!resolution) return;
  if (resolution.kind === "local") w.use(resolution.at, at);
  else if (resolution.kind === "function" || resolution.kind === "action") w.use(resolution.decl.name.span, at);
  else if (resolution.kind === "convert") w.useTop(resolution.type.name, at);
}

function walkMember(w: Walk, expr: Extract<Expr, { kind: "member" }>): void {
  const resolution = w.resolution(expr);
  const object = expr.object;
  switch (resolution?.kind) {
    case "enum_member": {
      const owner = w.ownerOf({ kind: "named", decl: resolution.type });
      if (owner && object.kind === "name") w.use(owner.decl.name.span, object.span);
      return w.useMember(owner, resolution.member, expr.name.span);
    }
    case "fixture":
      if (object.kind === "name") w.use(resolution.group.name.span, object.span);
      return w.use(resolution.member.name.span, expr.name.span);
    case "field":
      w.useField(w.ownerOf(w.program.exprTypes.get(object)), resolution.name, expr.name.span);
      return walkExpr(w, object);
    case "ai_requests": case "ai_attempts": case "ai_sent": case "ai_steps": case "ai_retries": case "ai_usage":
      if (object.kind === "member") w.use(resolution.prompt.decl.name.span, object.name.span);
      return;
    case "ai_called":
      w.use(resolution.tool.decl.name.span, expr.name.span);
      if (object.kind === "member" && object.object.kind === "member") w.use(resolution.prompt.decl.name.span, object.object.name.span);
      return;
    default:
      useResolved(w, resolution, expr.span);
      return walkExpr(w, object);
  }
}

function walkArm(w: Walk, arm: MatchArm): void {
  walkPattern(w, arm.pattern);
  if (arm.body.kind === "expr") walkExpr(w, arm.body.expr);
  else if (arm.body.kind === "reject") walkFailure(w, arm.body.failure);
  else walkBlock(w, arm.body.block);
}

function walkPattern(w: Walk, pattern: Pattern): void {
  switch (pattern.kind) {
    case "success": case "some":
      return w.declare(pattern.binding, "local");
    case "failure":
      for (const name of pattern.names) walkFailure(w, name);
      return;
    case "member": {
      const resolution = w.resolution(pattern);
      if (resolution?.kind !== "enum_member") return;
      const owner = w.ownerOf({ kind: "named", decl: resolution.type });
      if (owner) w.use(owner.decl.name.span, pattern.type.span);
      return w.useMember(owner, resolution.member, pattern.member.span);
    }
    case "failure_any": case "none": case "wildcard":
      return;
  }
}

/** A span of `file` from offsets. */
function spanAt(file: LoadedFile, start: number, end: number): Span {
  const { line, column } = file.source.position(start);
  return { file: file.path, line, column, start, end };
}
