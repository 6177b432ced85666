// Which scripted item answers a request (docs/testing.md): a call's first request takes the first
// unused `when` item that matches it, else the next positional item; every later request of that
// call — an attempt, a correction, a step, a retry — takes the next item from the same place (the
// `when` item's list, or the positional items), and a call answered by `generated` takes none.
// Running out ends the test with `test.fakes_exhausted`; what is left unused when it ends is
// `test.fakes_unused`.
import { diagnostic, type CheckedFakeItem, type Diagnostic, type PromptInfo, type Span } from "@jadpo/compiler";
import { TestStop } from "../signals.ts";
import type { Value } from "../values/value.ts";

/** A scripted item, compiled by `exec/compile-fakes.ts`. */
export interface CompiledItem {
  item: CheckedFakeItem;
  /** For a typed answer: its value (a literal, so evaluated once and shared). */
  value: (() => Value) | null;
  /** For a step calling tools: each typed call's arguments value, null for a `raw_call`. */
  calls: ((() => Value) | null)[] | null;
  /** For a `when` item: what it matches, and its items. */
  when: CompiledWhen | null;
}

export interface CompiledWhen {
  /** Whether a call's values (a prompt's record, or the text `ai.embed` embeds) are the ones it names. */
  matches(asked: Value): boolean;
  items: CompiledItem[];
}

export interface CompiledScript {
  /** null for `ai.embed`. */
  prompt: PromptInfo | null;
  items: CompiledItem[];
}

/** A test's scripts, indexed for the fake. */
export interface CompiledFakes {
  scripts: CompiledScript[];
  byPrompt: Map<PromptInfo, number>;
  /** Index of the `ai.embed` script, -1 without one. */
  embed: number;
}

/** One request to a script, as the fake sees it. */
export interface ScriptRequest {
  /** What a `when` compares: the call's values, or the embedded text. */
  asked: Value;
  /** Whether it is its call's first request (a first attempt, not a retry of one). */
  first: boolean;
  /** Its call's nesting depth: a tool loop's steps share one, a call its tools make is deeper. */
  depth: number;
  /** The attempt or step within its call, as messages name it. */
  turn: number;
  /** Its retry number; 0 for a first send. */
  retry: number;
}

/** A later request of a call a `generated` item answered: where that item stands. */
export interface GeneratedCall {
  generatedAt: Span;
}

/** Where a call takes its items from. */
type Place = { kind: "positional" } | { kind: "when"; index: number } | { kind: "generated"; at: Span };

const POSITIONAL: Place = { kind: "positional" };

function answers(n: number): string {
  return n === 1 ? "1 answer" : `${n} answers`;
}

/** `ai.answer_question`, `ai.embed`: the script as its messages name it. */
export function scriptLabel(script: CompiledScript): string {
  return `ai.${script.prompt ? script.prompt.name : "embed"}`;
}

/** One script's use during one test. */
export class ScriptCursor {
  /** Indices in `items` of the positional items (every item but the `when` ones), in order. */
  private readonly positional: number[] = [];
  /** Indices in `items` of the `when` items, in order. */
  private readonly whens: number[] = [];
  private nextPositional = 0;
  /** Per item: for a `when` item, how many of its items its call has taken; -1 until a call took it. */
  private readonly whenUsed: number[];
  /** The place of the call under way at each depth. */
  private readonly calls = new Map<number, Place>();

  constructor(readonly script: CompiledScript) {
    this.whenUsed = script.items.map(() => -1);
    script.items.forEach((item, i) => {
      (item.when === null ? this.positional : this.whens).push(i);
    });
  }

  private get hasWhen(): boolean {
    return this.whens.length > 0;
  }

  /** A tool prompt's items are taken per step; any other's per attempt. */
  private get turnWord(): string {
    return this.script.prompt?.tools.length ? "step" : "attempt";
  }

  /**
   * The item that answers `request`; for a request of a call a `generated` item answered (its later
   * steps), where that item stands: the request is answered as an unscripted one would be.
   */
  take(request: ScriptRequest): CompiledItem | GeneratedCall {
    const place = request.first ? this.placeFor(request.asked) : this.calls.get(request.depth) ?? POSITIONAL;
    if (request.first) this.calls.set(request.depth, place);
    let item: CompiledItem;
    switch (place.kind) {
      case "generated":
        return { generatedAt: place.at };
      case "when": {
        const holder = this.script.items[place.index];
        const list = holder.when!.items;
        const used = this.whenUsed[place.index];
        if (used >= list.length) throw this.whenExhausted(holder, list.length, request);
        this.whenUsed[place.index] = used + 1;
        item = list[used];
        break;
      }
      case "positional": {
        if (this.nextPositional >= this.positional.length) throw this.exhausted(request);
        item = this.script.items[this.positional[this.nextPositional++]];
        break;
      }
      default:
        return place satisfies never;
    }
    // `generated` answers the rest of its call too: its later steps take no item.
    if (item.item.kind === "generated") this.calls.set(request.depth, { kind: "generated", at: item.item.item.span });
    return item;
  }

  /** A call's place: the first unused `when` item that matches it, else the positional items. */
  private placeFor(asked: Value): Place {
    for (const i of this.whens) {
      if (this.whenUsed[i] < 0 && this.script.items[i].when!.matches(asked)) {
        this.whenUsed[i] = 0;
        return { kind: "when", index: i };
      }
    }
    return POSITIONAL;
  }

  private asking(request: ScriptRequest, turn: number): string {
    return request.retry ? `retry ${request.retry} of ${this.turnWord} ${request.turn}` : `${this.turnWord} ${turn}`;
  }

  private exhausted(request: ScriptRequest): TestStop {
    const count = this.positional.length;
    const label = scriptLabel(this.script);
    let text = `\`${label}\` scripted ${answers(count)}; ${this.asking(request, count + 1)} has none`;
    if (this.hasWhen) {
      const unmatched = request.first ? ` has no unused \`when\` item for this call's values, and` : "";
      text = `\`${label}\`${unmatched} scripted ${answers(count)} by position; ${this.asking(request, count + 1)} has none`;
    }
    return new TestStop(diagnostic("test.fakes_exhausted", null, { prompt: this.promptWord }, [{ label: "fakes", text }]));
  }

  private whenExhausted(holder: CompiledItem, count: number, request: ScriptRequest): TestStop {
    const text = `\`${scriptLabel(this.script)}\`'s \`when\` item on line ${holder.item.item.span.line} scripted ${answers(count)}; `
      + `${this.asking(request, request.turn)} of its call has none`;
    return new TestStop(diagnostic("test.fakes_exhausted", null, { prompt: this.promptWord }, [{ label: "fakes", text }]));
  }

  private get promptWord(): string {
    return this.script.prompt ? this.script.prompt.name : "embed";
  }

  /** The first item, in the order written, that nothing took, as `test.fakes_unused`; null when all were. */
  firstUnused(): Diagnostic | null {
    const items = this.script.items;
    const label = scriptLabel(this.script);
    let rank = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const used = this.whenUsed[i];
      if (item.when === null) {
        if (rank++ < this.nextPositional) continue;
        const count = this.positional.length;
        const were = this.nextPositional === 1 ? "1 was used" : `${this.nextPositional} were used`;
        const text = `\`${label}\` scripted ${answers(count)}${this.hasWhen ? " by position" : ""}; ${were}`;
        return this.unused(item, text);
      }
      const line = item.item.item.span.line;
      if (used < 0) return this.unused(item, `\`${label}\`'s \`when\` item on line ${line} matched no call`);
      const list = item.when.items;
      if (used < list.length) {
        return this.unused(list[used], `\`${label}\`'s \`when\` item on line ${line} scripted ${answers(list.length)}; its call used ${used}`);
      }
    }
    return null;
  }

  private unused(item: CompiledItem, text: string): Diagnostic {
    return diagnostic("test.fakes_unused", item.item.item.span, { prompt: this.promptWord }, [{ label: "fakes", text }]);
  }
}
