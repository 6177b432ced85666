// The syntax tree: plain data, built by the parser, read by every later phase.
// Every node carries a Span; nothing here knows about types or diagnostics.

import type { Span } from "../source/span.ts";
import type { AiFailureWord, TransportFailureWord } from "../vocabulary.ts";

export type { Span, AiFailureWord };

export interface Node {
  span: Span;
}

export interface Ident extends Node {
  name: string;
}

// ---------------------------------------------------------------- type expressions

/** A type as written: `Text`, `List<Text>`, `Text?`. */
export type TypeRef =
  | { kind: "named"; name: Ident; args: TypeRef[]; span: Span }
  | { kind: "optional"; inner: TypeRef; span: Span };

/** `name: value` inside a `{ ... }` constraint block, e.g. `max_length: 2000`, `personal: false`. */
export interface ConstraintItem extends Node {
  name: Ident;
  value: Expr;
}

/** Right-hand side of `type X = ...`. */
export type TypeBody =
  | { kind: "alias"; base: TypeRef; constraints: ConstraintItem[]; span: Span }
  | { kind: "enum"; members: Ident[]; span: Span }
  | { kind: "object"; fields: FieldDecl[]; span: Span };

export interface FieldDecl extends Node {
  name: Ident;
  type: TypeRef;
  constraints: ConstraintItem[];
}

// ---------------------------------------------------------------- declarations

/** What every top-level declaration has. */
export interface DeclNode extends Node {
  /** Set when a syntax error cut the declaration short: it holds what was read before the error
   * (its name at least), so later phases know the name but skip its body. */
  incomplete?: boolean;
}

export interface Param extends Node {
  name: Ident;
  type: TypeRef;
}

export interface UseDecl extends DeclNode {
  kind: "use";
  /** `support/types` as words, each with its span. */
  path: Ident[];
  names: Ident[];
}

export interface TypeDecl extends DeclNode {
  kind: "type";
  name: Ident;
  body: TypeBody;
}

/** `name: value` entries of failure, prompt, connection and locales bodies. */
export interface ConfigEntry extends Node {
  name: Ident;
  value: ConfigValue;
}

export type ConfigValue =
  | { kind: "expr"; expr: Expr; span: Span } // text, number, duration, bool, identifier, env(...), list
  | { kind: "block"; entries: ConfigEntry[]; span: Span };

export interface FailureDecl extends DeclNode {
  kind: "failure";
  name: Ident;
  entries: ConfigEntry[];
}

export interface FunctionDecl extends DeclNode {
  kind: "function";
  name: Ident;
  params: Param[];
  /** A function may fail like an action (it stays pure). */
  fails: Ident[];
  failsSpan: Span | null;
  returnType: TypeRef | null;
  body: Block;
}

export interface ActionDecl extends DeclNode {
  kind: "action";
  name: Ident;
  params: Param[];
  fails: Ident[];
  /** Span of the `fails` clause (for `failure.stale` on the whole list), null without one. */
  failsSpan: Span | null;
  returnType: TypeRef | null;
  body: Block;
}

export interface FixtureMember extends Node {
  name: Ident;
  /** null when written without parentheses: `sesame -> T { ... }`. */
  params: Param[] | null;
  returnType: TypeRef;
  body: Block;
}

export interface FixturesDecl extends DeclNode {
  kind: "fixtures";
  name: Ident;
  members: FixtureMember[];
}

export interface PromptDecl extends DeclNode {
  kind: "prompt";
  name: Ident;
  params: Param[];
  entries: ConfigEntry[]; // `system:` and `text:`
}

export interface ConnectionDecl extends DeclNode {
  kind: "connection";
  name: Ident;
  entries: ConfigEntry[];
}

export interface LocalesDecl extends DeclNode {
  kind: "locales";
  entries: ConfigEntry[];
}

export interface TestDecl extends DeclNode {
  kind: "test";
  /** The test's name, escapes processed. */
  name: string;
  nameSpan: Span;
  fakes: FakesBlock | null;
  body: Block;
}

export type Decl =
  | UseDecl
  | TypeDecl
  | FailureDecl
  | FunctionDecl
  | ActionDecl
  | FixturesDecl
  | PromptDecl
  | ConnectionDecl
  | LocalesDecl
  | TestDecl;

// ---------------------------------------------------------------- fakes

export interface FakesBlock extends Node {
  entries: FakeEntry[];
}

/** `ai.answer_question: [ ... ]` or `ai.embed: [ ... ]`. */
export interface FakeEntry extends Node {
  /** The word after `ai.`: a prompt name, or `embed`. */
  target: Ident;
  items: FakeItem[];
}


/** One scripted item; classified by the parser from its shape, checked by the checker. */
export type FakeItem = FakeItemShape & {
  /** `after 2s` at the item's end: the test clock advances that much before the answer. */
  after: FakeAfter | null;
};

/** `after <duration>`: only a Duration literal may follow the word. */
export interface FakeAfter {
  ms: number;
  span: Span;
}

export type FakeItemShape =
  | { kind: "value"; expr: Expr; span: Span } // a literal: record, text, number, list (values, stream texts and pieces, vectors)
  | { kind: "raw"; text: string; textSpan: Span; span: Span }
  | { kind: "recorded"; name: string; nameSpan: Span; span: Span }
  | { kind: "failure"; word: AiFailureWord; span: Span }
  | { kind: "malformed"; span: Span }
  /** `partial("text", stop)`, or `partial(["piece", ...], stop)` when `pieces` is set (`text` is then their join). */
  | { kind: "partial"; text: string; textSpan: Span; pieces: Expr[] | null; stop: AiFailureWord; span: Span }
  /** A tool prompt's step that calls tools: `call t(args)`, `calls [t(args), ...]` or `raw_call("t", "json")`. */
  | { kind: "calls"; calls: FakeToolCall[]; span: Span }
  /**
   * `unavailable`, `rate_limited`, or `rate_limited(<args>)`: `args` as written (null without
   * parentheses); the checker takes exactly one duration literal, the `Retry-After`.
   */
  | { kind: "transport"; word: TransportFailureWord; args: Expr[] | null; span: Span }
  /**
   * `when { question: "Sesame?" } => item` or `=> [items]` (`list` set): items for the calls whose
   * values match; for `ai.embed`, `when "text" => …`. The items are ordinary ones (no `when`), each
   * with its own `after`; the `when` item itself has none.
   */
  | { kind: "when"; match: WhenMatch; items: FakeItem[]; list: boolean; span: Span }
  /** `like("text")`: an embedding like the fake's of that text (`args` as written; the checker takes one text literal). */
  | { kind: "like"; args: Expr[]; span: Span }
  /** `generated`: answered as an unscripted call would be. */
  | { kind: "generated"; span: Span };

/** What a `when` item matches: fields of the prompt's values (braces of entries), or an embedded text. */
export type WhenMatch =
  | { kind: "fields"; fields: RecordFieldInit[]; span: Span }
  | { kind: "text"; text: string; span: Span };

/** One tool call of a scripted step. */
export type FakeToolCall =
  /** `find_order(OrderQuery { ... })`: checked against the tool's arguments type when the test compiles. */
  | { kind: "typed"; tool: Ident; args: Expr[]; span: Span }
  /** `raw_call("find_order", "{...}")`: name and arguments go through the real decoding when it runs. */
  | { kind: "raw"; tool: string; toolSpan: Span; text: string; textSpan: Span; span: Span };

// ---------------------------------------------------------------- statements

export interface Block extends Node {
  statements: Stmt[];
}

export type Stmt =
  | { kind: "var"; name: Ident; mutable: boolean; type: TypeRef | null; value: Expr; span: Span }
  | { kind: "assign"; target: Ident; value: Expr; span: Span }
  | { kind: "if"; cond: Expr; then: Block; else: Block | IfStmt | null; span: Span }
  | { kind: "for"; item: Ident; list: Expr; body: Block; span: Span }
  | { kind: "return"; value: Expr | null; span: Span }
  | { kind: "reject"; failure: Ident; span: Span }
  | { kind: "assert"; expr: Expr; fails: Ident | null; span: Span }
  | { kind: "advance"; clock: Ident; by: Expr; span: Span }
  /** A bare expression: only `match`, `attempt <call>` and — as a block's final value — any expression. */
  | { kind: "expr"; expr: Expr; span: Span };

export type IfStmt = Extract<Stmt, { kind: "if" }>;

// ---------------------------------------------------------------- expressions

export type BinaryOp = "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";

export type DurationUnit = "ms" | "s" | "m" | "h";

export interface RecordFieldInit extends Node {
  name: Ident;
  value: Expr;
}

export interface Arg extends Node {
  /** Only `as:` exists; its value is a type. */
  value: Expr;
}

export type Expr =
  | { kind: "text"; value: string; span: Span } // escapes processed; `"""` already dedented
  | { kind: "int"; value: number; span: Span }
  | { kind: "decimal"; value: number; span: Span }
  | { kind: "duration"; value: number; unit: DurationUnit; ms: number; span: Span }
  | { kind: "bool"; value: boolean; span: Span }
  | { kind: "none"; span: Span }
  | { kind: "name"; name: string; span: Span } // a value name, library namespace or type name
  | { kind: "list"; items: Expr[]; span: Span }
  | { kind: "record"; type: Ident; fields: RecordFieldInit[]; span: Span } // `T { f: v }`
  | { kind: "member"; object: Expr; name: Ident; span: Span } // `a.b` (also `E.m`, `ai.p.requests`)
  | { kind: "call"; callee: Expr; args: Expr[]; asType: TypeRef | null; span: Span } // `f(a, b)`, `ai.generate(v, as: T)`
  | { kind: "unary"; op: "not" | "-"; operand: Expr; span: Span }
  | { kind: "attempt"; operand: Expr; span: Span }
  // `opSpan`: the operator's place, kept for comparisons only (null for arithmetic and logic).
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; opSpan: Span | null; span: Span }
  | { kind: "paren"; inner: Expr; span: Span }
  | MatchExpr;

export interface MatchExpr extends Node {
  kind: "match";
  subject: Expr;
  arms: MatchArm[];
}

export type Pattern =
  | { kind: "success"; binding: Ident; span: Span } // success(x)
  | { kind: "failure"; names: Ident[]; span: Span } // failure A, B
  | { kind: "failure_any"; span: Span } // failure _
  | { kind: "some"; binding: Ident; span: Span } // some(x)
  | { kind: "none"; span: Span } // none
  | { kind: "member"; type: Ident; member: Ident; span: Span } // E.m
  | { kind: "wildcard"; span: Span }; // _

export type ArmBody =
  | { kind: "expr"; expr: Expr; span: Span }
  | { kind: "reject"; failure: Ident; span: Span }
  | { kind: "block"; block: Block; span: Span };

export interface MatchArm extends Node {
  pattern: Pattern;
  body: ArmBody;
}

// ---------------------------------------------------------------- files

export type FileKind = "source" | "test";

export interface SyntaxFile {
  /** Path relative to the project root, with `/`. */
  path: string;
  kind: FileKind;
  decls: Decl[];
  /**
   * Every local name the file declares (`var`s, `for` items, `success(x)` and `some(x)`
   * bindings), in source order, so name casing needs no walk over every body.
   */
  locals: Ident[];
}
