// The checked program: what the compiler hands to the runtime and the CLI.
// The syntax tree stays as parsed; the checker adds facts about its nodes in side tables
// (types and resolutions keyed by node identity), so the runtime compiles each node once into a closure.
import type {
  ActionDecl, TypeDecl, Block, Expr, FailureDecl, FixtureMember, FixturesDecl, FunctionDecl, Ident, Node, PromptDecl,
  Span, TestDecl, FakeItem,
} from "../syntax/ast.ts";
import type { ModuleGraph, LoadedFile } from "../modules/graph.ts";
import type { AiFailureWord, FailureKind } from "../vocabulary.ts";
import type { NamedType, Type } from "../types/types.ts";

export type { FailureKind };

/** A declared failure, or one of the prelude's AI failures (AiRefused, ...). Identity matters. */
export interface FailureInfo {
  name: string;
  kind: FailureKind;
  /** lower_snake; defaults to the snake-cased name. */
  code: string;
  message: string;
  decl: FailureDecl | null; // null for the prelude's
}

export interface PromptInfo {
  name: string;
  decl: PromptDecl;
  file: LoadedFile;
  /** The record type named after the prompt (`AnswerQuestion`): one field per parameter. */
  valuesType: NamedType;
  /** `answer_question@b44ecc53` (docs/language.md). */
  version: string;
  /** `system:` text after `"""` processing, placeholders unreplaced; "" when absent. */
  system: string;
  text: string;
  /** How its calls use it. */
  use: "generate" | "stream" | "unused";
  /** The `as:` types of all the `ai.generate` calls that ask it, distinct, in first-call order. */
  asTypes: Type[];
  /** Every call that asks it (path order, then source order). */
  calls: Span[];
  /** `tools:`, in the order written (empty without); each resolved once, read by every later phase. */
  tools: ToolInfo[];
  /** `max_steps:` (8 by default): model turns one `ai.generate` of it may take. */
  maxSteps: number;
}

/** One tool of a prompt: an action or function taking one record (its arguments) and returning a value. */
export interface ToolInfo {
  name: string;
  /** Sent to the model as written. */
  description: string;
  decl: ActionDecl | FunctionDecl;
  /** The one parameter's type: an `Object` type. */
  argsType: Type;
  result: Type;
  /** The tool's name in `tools:`. */
  span: Span;
}

export type LibraryFunction =
  | "list.count" | "list.first" | "list.last" | "list.get" | "list.is_empty" | "list.contains" | "list.append"
  | "list.take" | "list.drop" | "list.reverse" | "list.concat" | "list.index_of" | "list.sum" | "list.min" | "list.max"
  | "list.sort" | "list.unique"
  | "text.length" | "text.contains" | "text.starts_with" | "text.ends_with" | "text.lower" | "text.upper" | "text.trim"
  | "text.join" | "text.of" | "text.take" | "text.drop" | "text.slice" | "text.index_of" | "text.replace" | "text.split"
  | "text.to_int" | "text.to_decimal"
  | "number.abs" | "number.min" | "number.max" | "decimal.round" | "decimal.floor" | "decimal.ceil"
  | "int.round" | "int.floor" | "int.ceil"
  | "vector.similarity" | "clock.now" | "random.int";

/** What a name, member access or callee refers to. Keyed by the Expr (name/member/call) or Ident. */
export type Resolution =
  | { kind: "local"; name: string; at: Span } // a parameter, `var`, `for` item or match binding, and where it is declared
  | { kind: "function"; decl: FunctionDecl }
  | { kind: "action"; decl: ActionDecl }
  | { kind: "fixture"; group: FixturesDecl; member: FixtureMember } // `questions.sesame` (a call when it has no params too)
  | { kind: "enum_member"; type: NamedType; member: string } // `Locale.en_gb`
  | { kind: "field"; name: string } // `a.reply`: record field access
  | { kind: "library"; fn: LibraryFunction }
  | { kind: "ai_generate"; prompt: PromptInfo; asType: Type }
  | { kind: "ai_stream"; prompt: PromptInfo }
  | { kind: "ai_embed" }
  | { kind: "ai_requests"; prompt: PromptInfo } // `ai.p.requests`
  | { kind: "ai_attempts"; prompt: PromptInfo } // `ai.p.attempts`
  | { kind: "ai_sent"; prompt: PromptInfo } // `ai.p.sent`
  | { kind: "ai_steps"; prompt: PromptInfo } // `ai.p.steps` (a tool prompt)
  | { kind: "ai_called"; prompt: PromptInfo; tool: ToolInfo } // `ai.p.called.<tool>`
  | { kind: "ai_embed_requests" } // `ai.embed.requests`
  | { kind: "ai_embed_attempts" } // `ai.embed.attempts`
  | { kind: "ai_retries"; prompt: PromptInfo } // `ai.p.retries`
  | { kind: "ai_usage"; prompt: PromptInfo } // `ai.p.usage`
  | { kind: "ai_embed_retries" } // `ai.embed.retries`
  | { kind: "ai_embed_usage" } // `ai.embed.usage`
  | { kind: "convert"; type: NamedType } // `T(v)`, checked at run time
  | { kind: "failure"; failure: FailureInfo }; // on the Ident of `reject F`, `fails F`, `failure F =>`

/** A scripted item, checked and classified against its prompt. */
export type CheckedFakeItem = CheckedFakeShape & {
  /**
   * How far the test clock advances before this item answers, in ms: its `after`, else for a
   * `timed_out` (a failure, a stream stop, a `partial` stopping so) the connection's `timeout`; else 0.
   */
  afterMs: number;
};

export type CheckedFakeShape =
  | { kind: "value"; item: FakeItem; type: Type; expr: Expr } // a typed literal answer for a generate prompt
  | { kind: "raw"; item: FakeItem; text: string }
  | { kind: "recorded"; item: FakeItem; name: string; path: string } // path relative to the root
  | { kind: "failure"; item: FakeItem; word: AiFailureWord }
  | { kind: "malformed"; item: FakeItem }
  /** `pieces` when scripted as a list (kept exactly), null when the fake cuts `text` itself. */
  | { kind: "stream_text"; item: FakeItem; text: string; pieces: string[] | null }
  | { kind: "partial"; item: FakeItem; text: string; pieces: string[] | null; stop: AiFailureWord }
  | { kind: "stream_stop"; item: FakeItem; stop: AiFailureWord }
  | { kind: "vector"; item: FakeItem; values: number[] }
  /** A tool prompt's step that calls tools, in order. */
  | { kind: "calls"; item: FakeItem; calls: CheckedToolCall[] }
  /** `unavailable` or `rate_limited(…)`: the request failed in transport, and is retried by the connection's `retries:`. */
  | { kind: "transport"; item: FakeItem; failure: TransportFailure }
  /** `when … => …`: the items, each checked and timed as a script's own, for the calls `match` matches. */
  | { kind: "when"; item: FakeItem; match: CheckedWhenMatch; items: CheckedFakeItem[] }
  /** `like("text")` for `ai.embed`: the fake's embedding of that text. */
  | { kind: "like"; item: FakeItem; text: string }
  /** `generated`: the call is answered as an unscripted one would be. */
  | { kind: "generated"; item: FakeItem };

/** What a `when` item matches: fields of the prompt's values, each compared with `==`, or an embedded text. */
export type CheckedWhenMatch =
  | { kind: "fields"; fields: CheckedWhenField[] }
  | { kind: "text"; text: string };

/** A `when` field: the values type's field of that name, and the literal it must equal. */
export interface CheckedWhenField {
  name: string;
  type: Type;
  expr: Expr;
}

/**
 * A request that failed before the model answered: the server was unavailable (5xx, overloaded, a
 * failed or dropped connection), or rate-limited it (429), with the wait its `Retry-After` asked
 * for (null without one). A real server's 5xx may ask for a wait too (`retryAfterMs` then set); the
 * fake's `unavailable` never does.
 */
export type TransportFailure = { word: "unavailable"; retryAfterMs?: number } | { word: "rate_limited"; retryAfterMs: number | null };

/** One scripted tool call: typed (its argument checked against the tool's arguments type) or raw. */
export type CheckedToolCall =
  | { kind: "typed"; tool: ToolInfo; expr: Expr }
  | { kind: "raw"; tool: string; text: string };

export interface CheckedFakes {
  /** `ai.embed` when `prompt` is null. */
  prompt: PromptInfo | null;
  span: Span;
  items: CheckedFakeItem[];
}

export type TestKind = "action test" | "function test" | "prompt test" | "test";

export interface TestInfo {
  name: string;
  decl: TestDecl;
  file: LoadedFile;
  kind: TestKind;
  fakes: CheckedFakes[];
}

export interface ConnectionInfo {
  name: string;
  driver: string;
  /** `env("NAME", "default")` stays unevaluated until a real call. */
  baseUrl: ConfigText | null;
  model: ConfigText | null;
  key: ConfigText | null;
  timeoutMs: number;
  /** `max_answer`: a longer model answer fails as AiTooLong, and no more of it is read. */
  maxAnswerBytes: number;
  embeddingDimensions: number;
  sandbox: string[];
  perDay: number | null;
  /** `retries:`: how a request that failed in transport is sent again. */
  retries: RetriesInfo;
}

/** A connection's `retries: { max: 2  backoff: 1s }` (those are the defaults). */
export interface RetriesInfo {
  /** Retries per request, 0 to 10; 0 turns retrying off. */
  max: number;
  /** The first retry's wait without a `Retry-After`; each later one doubles it. */
  backoffMs: number;
}

export type ConfigText = { kind: "literal"; value: string } | { kind: "env"; name: string; fallback: string | null };

export interface RecordingFile {
  /** Relative to the root: `domains/support/prompts/recordings/answer_question/sesame.json`. */
  path: string;
  promptName: string;
  name: string;
}

/** Facts about nodes, keyed by node identity: the part of a Map the checker and the runtime use. */
export interface SideTable<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): unknown;
  readonly size: number;
  values(): Iterable<V>;
}

/** One failure per AI failure word, `unreadable` (an answer that didn't decode) and `loop_limit` (a tool prompt's steps ran out). */
export type AiFailures = Record<AiFailureWord | "unreadable" | "loop_limit", FailureInfo>;

export interface CheckedProgram {
  graph: ModuleGraph;
  prompts: Map<string, PromptInfo>;
  failures: FailureInfo[];
  aiFailures: AiFailures;
  connection: ConnectionInfo | null;
  locale: { default: string; members: NamedType }; // the prelude enum `Locale`
  /** Every test, in path order then declaration order. */
  tests: TestInfo[];
  recordings: RecordingFile[];
  /** The type of every expression the checker typed (empty when checked with `toRun: false`). */
  exprTypes: SideTable<Expr, Type>;
  /** What each name, call and pattern refers to (only failures' when checked with `toRun: false`). */
  resolutions: SideTable<Node | Ident, Resolution>;
  /** The type each `type` declaration declares (a build's declarations list them all). */
  namedTypes: Map<TypeDecl, NamedType>;
  /** Failures each action can fail with (its `fails`, resolved). */
  actionFailures: Map<ActionDecl | FunctionDecl, FailureInfo[]>;
  /** Parameter and result types of every function, action and fixture member (`jadpo dev` decodes an action's parameters with them). */
  signatures?: Map<Node, CallableSignature>;
  /**
   * Checked with `factsOnDemand`: adds the facts of one function's, action's or fixture member's
   * body (`file`: its file's path) to `exprTypes` and `resolutions`; the runtime calls it before
   * compiling that body. Absent when every body's facts were kept.
   */
  bodyFacts?: (file: string, body: Block) => void;
}

/** A callable's types, resolved once by the checker. */
export interface CallableSignature {
  params: { name: string; type: Type }[];
  result: Type;
}
