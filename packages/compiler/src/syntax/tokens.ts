// The token vocabulary: chevrotain token types (the parser matches on them) and the token objects
// the hand-written lexer makes. Words include every keyword, so `use` paths may name any word.
import { createToken, Lexer, type IToken, type TokenType } from "chevrotain";

// The hand-written lexer makes the tokens, so no token type has a pattern of its own.
const NA = Lexer.NA;

/** Categories the grammar matches as one: binary operators, and prefix operators. */
export const BinaryOp = createToken({ name: "BinaryOp", pattern: NA });
export const PrefixOp = createToken({ name: "PrefixOp", pattern: NA });
/** Literal tokens: text, numbers, durations, `true`, `false`, `none`. */
export const Literal = createToken({ name: "Literal", pattern: NA });

/** Any word: an identifier or a keyword (for `use` paths and entry names). */
export const Word = createToken({ name: "Word", pattern: NA });
export const Ident = createToken({ name: "Ident", pattern: NA, categories: [Word] });

export const keywordNames = [
  "use", "type", "failure", "function", "action", "prompt", "fixtures", "connection", "locales", "test",
  "fakes", "var", "mut", "if", "else", "for", "in", "return", "reject", "assert", "attempt", "match",
  "success", "some", "fails", "true", "false", "none", "and", "or", "not", "advance", "by",
] as const;
export type KeywordName = (typeof keywordNames)[number];

/** Keyword token types by spelling. */
export const keywords = new Map<string, TokenType>();
for (const name of keywordNames) {
  const categories = [Word];
  if (name === "and" || name === "or") categories.push(BinaryOp);
  if (name === "not" || name === "attempt") categories.push(PrefixOp);
  if (name === "true" || name === "false" || name === "none") categories.push(Literal);
  keywords.set(name, createToken({ name: `Kw_${name}`, pattern: NA, categories, label: `\`${name}\`` }));
}
function kw(name: KeywordName): TokenType {
  return keywords.get(name)!;
}
export const Use = kw("use");
export const Type = kw("type");
export const Failure = kw("failure");
export const Function = kw("function");
export const Action = kw("action");
export const Prompt = kw("prompt");
export const Fixtures = kw("fixtures");
export const Connection = kw("connection");
export const Locales = kw("locales");
export const Test = kw("test");
export const Fakes = kw("fakes");
export const Var = kw("var");
export const Mut = kw("mut");
export const If = kw("if");
export const Else = kw("else");
export const For = kw("for");
export const In = kw("in");
export const Return = kw("return");
export const Reject = kw("reject");
export const Assert = kw("assert");
export const Attempt = kw("attempt");
export const Match = kw("match");
export const Success = kw("success");
export const Some = kw("some");
export const Fails = kw("fails");
export const True = kw("true");
export const False = kw("false");
export const None = kw("none");
export const And = kw("and");
export const Or = kw("or");
export const Not = kw("not");
export const Advance = kw("advance");
export const By = kw("by");

function punct(name: string, spelling: string, categories: TokenType[] = []): TokenType {
  return createToken({ name, pattern: NA, label: `\`${spelling}\``, categories });
}
export const IntLit = createToken({ name: "Int", pattern: NA, categories: [Literal] });
export const DecimalLit = createToken({ name: "Decimal", pattern: NA, categories: [Literal] });
export const DurationLit = createToken({ name: "Duration", pattern: NA, categories: [Literal] });
export const TextLit = createToken({ name: "Text", pattern: NA, categories: [Literal] });
export const LParen = punct("LParen", "(");
export const RParen = punct("RParen", ")");
export const LBracket = punct("LBracket", "[");
export const RBracket = punct("RBracket", "]");
export const LBrace = punct("LBrace", "{");
export const RBrace = punct("RBrace", "}");
export const Less = punct("Less", "<", [BinaryOp]);
export const Greater = punct("Greater", ">", [BinaryOp]);
export const LessEq = punct("LessEq", "<=", [BinaryOp]);
export const GreaterEq = punct("GreaterEq", ">=", [BinaryOp]);
export const EqEq = punct("EqEq", "==", [BinaryOp]);
export const NotEq = punct("NotEq", "!=", [BinaryOp]);
export const Assign = punct("Assign", "=");
export const Arrow = punct("Arrow", "->");
export const FatArrow = punct("FatArrow", "=>");
export const Colon = punct("Colon", ":");
export const Comma = punct("Comma", ",");
export const Dot = punct("Dot", ".");
export const Slash = punct("Slash", "/", [BinaryOp]);
export const Plus = punct("Plus", "+", [BinaryOp]);
export const Minus = punct("Minus", "-", [BinaryOp, PrefixOp]);
export const Star = punct("Star", "*", [BinaryOp]);
export const Percent = punct("Percent", "%", [BinaryOp]);
export const Question = punct("Question", "?");

export const allTokenTypes: TokenType[] = [
  BinaryOp, PrefixOp, Literal, Word, Ident, ...keywords.values(),
  IntLit, DecimalLit, DurationLit, TextLit,
  LParen, RParen, LBracket, RBracket, LBrace, RBrace, Less, Greater, LessEq, GreaterEq, EqEq, NotEq,
  Assign, Arrow, FatArrow, Colon, Comma, Dot, Slash, Plus, Minus, Star, Percent, Question,
];

/** A token type's index (chevrotain gives every type it makes one): what tables and token streams hold. */
export const typeIndex = (type: TokenType): number => type.tokenTypeIdx!;

/** One past the largest type index: no token type has it (the hand-written parser reads it past the end). */
export const TYPE_INDEX_END = Math.max(...allTokenTypes.map(typeIndex)) + 1;

/** Membership by type index, categories expanded (`Literal` holds `true`, `Int`, …), with a slot for TYPE_INDEX_END. */
export function typeTable(types: Iterable<TokenType>): Uint8Array {
  const table = new Uint8Array(TYPE_INDEX_END + 1);
  for (const type of types) {
    table[typeIndex(type)] = 1;
    for (const member of type.categoryMatches ?? []) table[member] = 1;
  }
  return table;
}

/** Keywords that start a top-level declaration (used to find where a declaration begins). */
export const declKeywords: ReadonlySet<TokenType> = new Set([
  Use, Type, Failure, Function, Action, Prompt, Fixtures, Connection, Locales, Test,
]);

/**
 * A token as the parser reads it (token-stream.ts makes them); chevrotain reads `image`, `startOffset`, `tokenType(Idx)`.
 * `value` holds the processed text of a Text token or the number of a numeric token.
 */
export interface Tok extends IToken {
  startLine: number;
  startColumn: number;
  /** Offset just after the token. */
  end: number;
  value: string | number;
  /** The code of the token's first character. */
  readonly firstCharCode: number;
}

/** Whether a name token starts with an upper-case letter (a type's name, as in a record literal). */
export const isUpper = (tok: Tok): boolean => {
  const c = tok.firstCharCode;
  return c >= 65 && c <= 90;
};

/** Whether `tok` is spelled `word` (lengths compared first: most tokens are not, and `image` costs). */
export const isWord = (tok: Tok, word: string): boolean => tok.end - tok.startOffset === word.length && tok.image === word;
