// The hand-written parser's token vocabulary by type index: its rules compare `types[i]` with
// these numbers (no token object is read to decide), and test membership in these tables. The
// file's cutting into declarations (declarations.ts, unsupported.ts) reads them too.
import * as T from "../tokens.ts";

const at = T.typeIndex;

/** The type index the cursor reads past the last token (no token type has it). */
export const EOF = T.TYPE_INDEX_END;

export const BINARY = T.typeTable([T.BinaryOp]);
export const PREFIX = T.typeTable([T.PrefixOp]);
export const LITERAL = T.typeTable([T.Literal]);
export const WORD = T.typeTable([T.Word]);

export const IDENT = at(T.Ident);
export const LPAREN = at(T.LParen);
export const RPAREN = at(T.RParen);
export const LBRACKET = at(T.LBracket);
export const RBRACKET = at(T.RBracket);
export const LBRACE = at(T.LBrace);
export const RBRACE = at(T.RBrace);
export const LESS = at(T.Less);
export const GREATER = at(T.Greater);
export const COMMA = at(T.Comma);
export const COLON = at(T.Colon);
export const DOT = at(T.Dot);
export const SLASH = at(T.Slash);
export const QUESTION = at(T.Question);
export const ASSIGN = at(T.Assign);
export const ARROW = at(T.Arrow);
export const FAT_ARROW = at(T.FatArrow);
export const DURATION = at(T.DurationLit);
export const TEXT = at(T.TextLit);

// Keywords: those that start a declaration, then the rest.
export const USE = at(T.Use);
export const TYPE = at(T.Type);
export const FAILURE = at(T.Failure);
export const FUNCTION = at(T.Function);
export const ACTION = at(T.Action);
export const FIXTURES = at(T.Fixtures);
export const PROMPT = at(T.Prompt);
export const CONNECTION = at(T.Connection);
export const LOCALES = at(T.Locales);
export const TEST = at(T.Test);
export const FAKES = at(T.Fakes);
export const VAR = at(T.Var);
export const MUT = at(T.Mut);
export const IF = at(T.If);
export const ELSE = at(T.Else);
export const FOR = at(T.For);
export const IN = at(T.In);
export const RETURN = at(T.Return);
export const REJECT = at(T.Reject);
export const ASSERT = at(T.Assert);
export const FAILS = at(T.Fails);
export const ADVANCE = at(T.Advance);
export const BY = at(T.By);
export const MATCH = at(T.Match);
export const SUCCESS = at(T.Success);
export const SOME = at(T.Some);
export const NONE = at(T.None);
