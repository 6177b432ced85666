// Chevrotain's parsing engine, with its hottest steps (SUBRULE, CONSUME, MANY, OPTION, OR) done
// in one call each. A cold `jadpo test` parses its project once, mostly before V8 optimizes
// anything, and chevrotain spends 5–10 calls per step (a rest-argument array and an `apply` per
// rule, a lookahead key and cache read per repetition) on bookkeeping that only error recovery
// and concrete syntax trees read; Jadpo has neither. Each override below does exactly what the
// method it replaces does with recovery off and embedded actions (chevrotain 11.2.0's
// recognizer_engine.js, pinned: package.json), and hands anything else (a mismatch, an OR with no
// viable alternative, a gated OPTION or MANY) to the original, so errors are raised by
// chevrotain's own code. During grammar recording chevrotain puts its own methods on the
// instance, so none of this runs then.
import { EmbeddedActionsParser, type IToken, type TokenType } from "chevrotain";
import type { Tok } from "./tokens.ts";

/** Chevrotain's lookahead key layout (lib/src/parse/grammar/keys.js). */
const OR_IDX = 1 << 8;
const OPTION_IDX = 2 << 8;
const MANY_IDX = 3 << 8;

interface Rule {
  (this: Engine, ...args: unknown[]): unknown;
  ruleName: string;
  originalGrammarAction: (...args: unknown[]) => unknown;
}

/** The engine's state this file reads and writes (not in chevrotain's typings). */
interface Engine {
  tokVector: IToken[];
  currIdx: number;
  currRuleShortName: number;
  fullRuleNameToShort: Record<string, number>;
  RULE_STACK: number[];
  RULE_STACK_IDX: number;
  RULE_OCCURRENCE_STACK: number[];
  RULE_OCCURRENCE_STACK_IDX: number;
  lookAheadFuncsCache: Map<number, (this: Engine, alts?: unknown) => unknown>;
}

type Internal = (this: unknown, ...args: unknown[]) => unknown;
const original = EmbeddedActionsParser.prototype as unknown as Record<
  "consumeInternal" | "manyInternal" | "optionInternal" | "orInternal",
  Internal
>;

export abstract class ParserEngine extends EmbeddedActionsParser {
  /**
   * The declaration's tokens, then chevrotain's end-of-input padding (a token past the end is
   * `EOF`, as `LA` answers, up to 4 ahead); `currIdx` is the last one read. The grammar reads
   * `tokVector[currIdx + k]` where chevrotain would call `LA(k)`, outside grammar recording
   * only: a call per look, twice per token, costs until V8 optimizes the rules.
   */
  declare protected tokVector: Tok[];
  declare protected currIdx: number;

  /** SUBRULE: invokeRuleWithTryCst's bookkeeping, without its argument copies (its catch only rethrows below the root rule). */
  protected subruleInternal(rule: Rule, idx: number, options?: { ARGS?: unknown[] }): unknown {
    const self = this as unknown as Engine;
    const shortName = self.fullRuleNameToShort[rule.ruleName];
    self.RULE_OCCURRENCE_STACK[++self.RULE_OCCURRENCE_STACK_IDX] = idx;
    self.RULE_STACK[++self.RULE_STACK_IDX] = shortName;
    self.currRuleShortName = shortName;
    try {
      const args = options === undefined ? undefined : options.ARGS;
      return args === undefined ? rule.originalGrammarAction.call(this) : rule.originalGrammarAction.apply(this, args);
    } finally {
      // ruleFinallyStateUpdate
      self.RULE_STACK_IDX--;
      self.RULE_OCCURRENCE_STACK_IDX--;
      if (self.RULE_STACK_IDX >= 0) self.currRuleShortName = self.RULE_STACK[self.RULE_STACK_IDX];
    }
  }

  /** CONSUME of a matching token; a mismatch is raised by chevrotain. */
  protected consumeInternal(type: TokenType, idx: number, options?: unknown): IToken {
    const self = this as unknown as Engine;
    const next = self.tokVector[self.currIdx + 1];
    const nextIdx = next.tokenTypeIdx;
    if (nextIdx === type.tokenTypeIdx || (type.isParent === true && type.categoryMatchesMap![nextIdx] === true)) {
      self.currIdx++;
      return next;
    }
    return original.consumeInternal.call(this, type, idx, options) as IToken;
  }

  /** MANY: while the lookahead says so and each round reads something. */
  protected manyInternal(occurrence: number, action: unknown): void {
    if (typeof action !== "function") {
      original.manyInternal.call(this, occurrence, action);
      return;
    }
    const self = this as unknown as Engine;
    const lookahead = self.lookAheadFuncsCache.get(occurrence | MANY_IDX | self.currRuleShortName)!;
    while (lookahead.call(self) === true) {
      const before = self.currIdx;
      action.call(this);
      if (self.currIdx <= before) break;
    }
  }

  /** OR where the lookahead picks an alternative; when none fits, chevrotain raises its error. */
  protected orInternal(altsOrOpts: { ALT: () => unknown }[] | { DEF: { ALT: () => unknown }[] }, occurrence: number): unknown {
    const self = this as unknown as Engine;
    const alts = Array.isArray(altsOrOpts) ? altsOrOpts : altsOrOpts.DEF;
    const chosen = self.lookAheadFuncsCache.get(occurrence | OR_IDX | self.currRuleShortName)!.call(self, alts) as number | undefined;
    if (chosen !== undefined) return alts[chosen].ALT.call(this);
    return original.orInternal.call(this, altsOrOpts, occurrence);
  }

  /** OPTION without a gate. */
  protected optionInternal(action: unknown, occurrence: number): unknown {
    if (typeof action !== "function") return original.optionInternal.call(this, action, occurrence);
    const self = this as unknown as Engine;
    const lookahead = self.lookAheadFuncsCache.get(occurrence | OPTION_IDX | self.currRuleShortName)!;
    return lookahead.call(self) === true ? action.call(this) : undefined;
  }
}
