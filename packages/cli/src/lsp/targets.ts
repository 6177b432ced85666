// What the cursor is on: a declaration, a fixture, an enum member, a module, a recording, or an
// expression with a type. Hover and go to definition both start here, from the syntax nodes at
// the cursor and the facts the checker kept (resolutions, expression types).
import {
  PRELUDE_TYPE_NAMES, recordingPath, nodesAt, ownerField, typeOwner,
  type Decl, type DeclRef, type Expr, type FixtureMember, type FixturesDecl, type Ident, type LoadedFile, type ModuleGraph,
  type Node, type NodeStep, type PromptInfo, type Resolution, type Span, type Stmt, type Type, type TypeDecl, type TypeOwner,
} from "@jadpo/compiler";
import type { Compiled } from "./project.ts";
import { aiFailures } from "./completion.ts";
import { librarySignature } from "./library-signatures.ts";

export type Target =
  | { kind: "decl"; ref: DeclRef }
  | { kind: "fixture"; group: FixturesDecl; member: FixtureMember; file: LoadedFile }
  | { kind: "enum_member"; decl: TypeDecl; member: Ident; file: LoadedFile; typeName: string }
  | { kind: "module"; module: string; files: LoadedFile[] }
  | { kind: "recording"; path: string; name: string }
  /** `at`: where a local value is declared (none for an expression that isn't a name). */
  | { kind: "value"; name: string; node: Node; type: Type | undefined; at?: Span }
  /** `signature`: how a hover shows it, when not by its name alone. */
  | { kind: "prelude"; name: string; what: string; signature?: string }
  /** A record field (a prompt's parameter is a field of its values type). */
  | { kind: "field"; owner: TypeOwner; field: Ident; written?: string };

type TopDecl = Extract<DeclRef, { kind: "decl" }>["decl"];

/** The file that holds a declaration (found by identity). */
function fileOf(graph: ModuleGraph, decl: Decl): LoadedFile | undefined {
  return graph.files.find((file) => file.syntax.decls.includes(decl));
}

function declTarget(graph: ModuleGraph, decl: TopDecl): Target | null {
  const file = fileOf(graph, decl);
  return file ? { kind: "decl", ref: { kind: "decl", decl, file } } : null;
}

function promptTarget(prompt: PromptInfo): Target {
  return { kind: "decl", ref: { kind: "decl", decl: prompt.decl, file: prompt.file } };
}

/** A top-level name as seen from `file`: its declaration, or a prelude name. */
function byName(compiled: Compiled, file: LoadedFile, name: string): Target | null {
  const ref = compiled.result.graph.scopes.get(file.path)?.names.get(name);
  if (ref) return { kind: "decl", ref };
  if (Object.values(aiFailures(compiled)).some((f) => f.name === name)) {
    return { kind: "prelude", name, what: "an AI failure of the prelude" };
  }
  if (PRELUDE_TYPE_NAMES.includes(name)) {
    return { kind: "prelude", name, what: "a prelude type" };
  }
  return null;
}

function enumMember(compiled: Compiled, file: LoadedFile, typeName: string, member: string): Target | null {
  const found = byName(compiled, file, typeName);
  if (found?.kind !== "decl" || found.ref.kind !== "decl" || found.ref.decl.kind !== "type") {
    return found?.kind === "prelude" ? { kind: "prelude", name: `${typeName}.${member}`, what: `a member of the prelude's \`${typeName}\`` } : null;
  }
  const decl = found.ref.decl;
  const ident = decl.body.kind === "enum" ? decl.body.members.find((m) => m.name === member) : undefined;
  return ident ? { kind: "enum_member", decl, member: ident, file: found.ref.file, typeName } : found;
}

function fromResolution(compiled: Compiled, file: LoadedFile, resolution: Resolution, node: Node): Target | null {
  const graph = compiled.result.graph;
  switch (resolution.kind) {
    case "function":
    case "action":
      return declTarget(graph, resolution.decl);
    case "fixture": {
      const owner = fileOf(graph, resolution.group);
      return owner ? { kind: "fixture", group: resolution.group, member: resolution.member, file: owner } : null;
    }
    case "enum_member":
      return enumMember(compiled, file, resolution.type.name, resolution.member);
    case "ai_generate":
    case "ai_stream":
    case "ai_requests":
    case "ai_attempts":
    case "ai_sent":
    case "ai_steps":
    case "ai_retries":
    case "ai_usage":
      return promptTarget(resolution.prompt);
    case "ai_called":
      return declTarget(graph, resolution.tool.decl);
    case "failure":
      return resolution.failure.decl ? declTarget(graph, resolution.failure.decl) : { kind: "prelude", name: resolution.failure.name, what: "an AI failure of the prelude" };
    case "local":
      return { kind: "value", name: resolution.name, node, type: compiled.program?.exprTypes.get(node as Expr), at: resolution.at };
    case "library":
      return { kind: "prelude", name: resolution.fn, what: "a library function", signature: librarySignature(resolution.fn) };
    case "field": {
      const program = compiled.program;
      const object = (node as { object?: Expr }).object;
      const target = program && object ? fieldTarget(typeOwner(program, program.exprTypes.get(object)), resolution.name) : null;
      const written = file.source.text.slice(node.span.start, node.span.end);
      return target?.kind === "field" && written.length <= 60 && !written.includes("\n") ? { ...target, written } : target;
    }
    case "ai_embed":
    case "ai_embed_requests":
    case "ai_embed_attempts":
    case "ai_embed_retries":
    case "ai_embed_usage":
    case "convert":
      return null;
  }
}

/** The target under the cursor at `offset` of `file`, or null. */
export function targetAt(compiled: Compiled, file: LoadedFile, offset: number): Target | null {
  const path = nodesAt(file.syntax, offset);
  if (path.length === 0) return null;
  return special(compiled, file, path) ?? parameter(compiled, path) ?? declaredHere(compiled, path) ?? resolved(compiled, file, path) ?? named(compiled, file, path) ?? typed(compiled, file, path);
}

function fieldTarget(owner: TypeOwner | null, name: string): Target | null {
  const field = ownerField(owner, name);
  return owner && field ? { kind: "field", owner, field } : null;
}

/**
 * Names where they are declared that no fact is keyed by: a field of a type or a record literal,
 * a prompt's parameter, a `var` or `for` name (with its type).
 */
function declaredHere(compiled: Compiled, path: NodeStep[]): Target | null {
  const inner = last(path)!;
  const parent = last(path, 2);
  const program = compiled.program;
  if (inner.key !== "name" && inner.key !== "item") return null;
  const name = (inner.node as unknown as Ident).name;
  if (typeof name !== "string" || !parent || !program) return null;
  const grand = last(path, 3);
  if (inner.key === "name" && parent.key === "fields" && grand?.node.kind === "record") {
    const owner = typeOwner(program, program.exprTypes.get(grand.node as unknown as Expr));
    return fieldTarget(owner, name);
  }
  if (inner.key === "name" && parent.key === "fields" && grand?.key === "body" && path[0].node.kind === "type") {
    const decl = path[0].node as unknown as TypeDecl;
    return fieldTarget({ decl, file: fileOfDecl(compiled, decl) }, name);
  }
  if (inner.key === "name" && parent.key === "params" && path[0].node.kind === "prompt" && path.length === 3) {
    const prompt = compiled.program?.prompts.get((path[0].node as unknown as { name: Ident }).name.name);
    return prompt ? fieldTarget({ decl: prompt.decl, file: prompt.file }, name) : null;
  }
  const stmt = parent.node as unknown as Stmt;
  if (stmt.kind === "var" && inner.key === "name") {
    return { kind: "value", name, node: inner.node, type: program.exprTypes.get(stmt.value), at: stmt.name.span };
  }
  if (stmt.kind === "for" && inner.key === "item") {
    const list = program.exprTypes.get(stmt.list);
    return { kind: "value", name, node: inner.node, type: list?.kind === "list" ? list.item : undefined, at: stmt.item.span };
  }
  return null;
}

function fileOfDecl(compiled: Compiled, decl: Decl): LoadedFile {
  return fileOf(compiled.result.graph, decl)!;
}

const last = <T>(items: T[], back = 1): T | undefined => items[items.length - back];

/** `use` paths and names, fake targets and `recorded("…")` items: places the checker keeps no fact about. */
function special(compiled: Compiled, file: LoadedFile, path: NodeStep[]): Target | null {
  const inner = last(path)!;
  const parent = last(path, 2)?.node;
  const graph = compiled.result.graph;
  if (parent?.kind === "use" && inner.key === "path") {
    const words = (parent.path as Ident[]).map((ident) => ident.name);
    const upTo = words.slice(0, words.indexOf((inner.node as unknown as Ident).name) + 1).join("/");
    const module = upTo || words.join("/");
    const files = graph.files.filter((f) => f.fileModule === module || f.folderModule === module || f.folderModule.startsWith(`${module}/`));
    // A file module is its file; a folder module is every file below it.
    const own = files.filter((f) => f.fileModule === module);
    return { kind: "module", module, files: own.length > 0 ? own : files };
  }
  if (inner.key === "target" && typeof parent?.items === "object") {
    const prompt = compiled.program?.prompts.get((inner.node as unknown as Ident).name);
    return prompt ? promptTarget(prompt) : null;
  }
  if (inner.node.kind === "recorded" && parent && typeof parent.items === "object") {
    const promptName = (parent.target as Ident).name;
    const prompt = compiled.program?.prompts.get(promptName);
    const name = inner.node.name as string;
    return prompt ? { kind: "recording", name, path: recordingPath(prompt.file.path, promptName, name) } : null;
  }
  return null;
}

/** What the checker resolved the node (or the call around it) to. */
function resolved(compiled: Compiled, file: LoadedFile, path: NodeStep[]): Target | null {
  const resolutions = compiled.program?.resolutions;
  if (!resolutions) return null;
  // The node itself, then up through a member's name (`questions.asked`) and a callee
  // (`ai.generate(…)`): calls and member accesses are keyed by the whole expression.
  const steps = [last(path)!];
  for (let i = path.length - 1; i >= 2; i--) {
    const { key } = path[i];
    if (key !== "callee" && !(key === "name" && path[i - 1].node.kind === "member")) break;
    steps.push(path[i - 1]);
  }
  for (const { node } of steps) {
    const resolution = resolutions.get(node);
    if (resolution) return fromResolution(compiled, file, resolution, node);
  }
  // `Locale.en_gb` as a pattern or value: the member's Ident is keyed, or its parent.
  const parent = last(path, 2)?.node;
  if (parent?.kind === "member" && parent.type && parent.member) {
    return enumMember(compiled, file, (parent.type as Ident).name, (parent.member as Ident).name);
  }
  return null;
}

/** A parameter's name where it is declared: its type, from the signature the checker kept. */
function parameter(compiled: Compiled, path: NodeStep[]): Target | null {
  const inner = last(path)!;
  if (inner.key !== "name" || last(path, 2)?.key !== "params" || typeof (inner.node as unknown as Ident).name !== "string") return null;
  const name = (inner.node as unknown as Ident).name;
  for (let i = path.length - 3; i >= 0; i--) {
    const signature = compiled.program?.signatures?.get(path[i].node);
    if (!signature) continue;
    const param = signature.params.find((p) => p.name === name);
    return param ? { kind: "value", name, node: inner.node, type: param.type } : null;
  }
  return null;
}

/** A name written in the source (a type, a failure, a record literal's type, a `use` name…): looked up in the file's scope. */
function named(compiled: Compiled, file: LoadedFile, path: NodeStep[]): Target | null {
  const inner = last(path)!;
  const node = inner.node;
  const name = typeof node.name === "string" ? node.name : null;
  if (name === null) return null;
  // A declaration's own name: the declaration.
  if (path.length === 2 && inner.key === "name") {
    const decl = path[0].node as unknown as Decl;
    if (decl.kind !== "use" && decl.kind !== "test" && decl.kind !== "locales") return { kind: "decl", ref: { kind: "decl", decl, file } };
  }
  const parent = last(path, 2)?.node;
  if (parent?.kind === "member" && parent.type && inner.key === "member") return enumMember(compiled, file, (parent.type as Ident).name, name);
  // A value name the checker typed (a local it didn't resolve, such as a fixture's parameter): its type, below.
  if (node.kind === "name" && compiled.program?.exprTypes.has(node as unknown as Expr)) return null;
  return byName(compiled, file, name);
}

/** An expression the checker typed, shown as written when it is short (`reply.resolved_by_articles: Bool`). */
function typed(compiled: Compiled, file: LoadedFile, path: NodeStep[]): Target | null {
  const types = compiled.program?.exprTypes;
  for (let i = path.length - 1; i >= 1; i--) {
    const node = path[i].node;
    const type = types?.get(node as unknown as Expr);
    if (!type) continue;
    const written = file.source.text.slice(node.span.start, node.span.end);
    return { kind: "value", name: written.length <= 60 && !written.includes("\n") ? written : "", node, type };
  }
  return null;
}
