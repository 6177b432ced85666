// The formatter's `fakes:` block: its entries one a line, each entry's script as a list (one
// line when it fits), each scripted item as written in its canonical spelling. A new item shape
// is one more case in `itemShape`.
import type * as A from "../syntax/ast.ts";
import type { Doc } from "./doc.ts";
import { FormatStatements } from "./statements.ts";
import { ITEMS, type Extent } from "./base.ts";
import { unhandled } from "./expressions.ts";

/** A scripted item runs to the end of its `after <duration>`. */
const itemExtent = (item: A.FakeItem): Extent => (item.after === null ? item.span : { start: item.span.start, end: item.after.span.end });

export abstract class FormatFakes extends FormatStatements {
  protected fakes(block: A.FakesBlock): Doc {
    return ["fakes: ", this.lines("{", block.entries, (entry) => this.fakeEntry(entry), block.span.end - 1)];
  }

  private fakeEntry(entry: A.FakeEntry): Doc {
    const items = this.sequence("[", entry.items, itemExtent, (item) => this.item(item), "]", entry.span.end - 1, ITEMS);
    return ["ai.", entry.target.name, ": ", items];
  }

  private item(item: A.FakeItem): Doc {
    const shape = this.itemShape(item);
    return item.after === null ? shape : [shape, " after ", this.lead(item.after.span.start), this.slice(item.after.span)];
  }

  private itemShape(item: A.FakeItemShape): Doc {
    switch (item.kind) {
      case "value":
        return this.expr(item.expr);
      case "raw":
        return ["raw", this.args([textAt(item.textSpan, item.text)], item.span.end - 1)];
      case "recorded":
        return ["recorded", this.args([textAt(item.nameSpan, item.name)], item.span.end - 1)];
      case "failure":
        return item.word;
      case "malformed":
        return "malformed";
      case "partial": {
        const first: A.Expr = item.pieces === null ? textAt(item.textSpan, item.text) : { kind: "list", items: item.pieces, span: item.textSpan };
        const stopAt = this.closerAfter(item.textSpan.end);
        const stop: A.Expr = { kind: "name", name: item.stop, span: { ...item.textSpan, start: stopAt, end: stopAt + item.stop.length } };
        return ["partial", this.args([first, stop], item.span.end - 1)];
      }
      case "calls":
        return this.toolCalls(item);
      case "transport":
        return item.args === null ? item.word : [item.word, this.args(item.args, item.span.end - 1)];
      case "when":
        return this.when(item);
      case "like":
        return ["like", this.args(item.args, item.span.end - 1)];
      case "generated":
        return "generated";
      default:
        return unhandled(item);
    }
  }

  /** `when { f: v } => item` or `when "text" => [items]`: its fields are braces of entries, its list a list. */
  private when(item: Extract<A.FakeItemShape, { kind: "when" }>): Doc {
    const match = item.match;
    const matched: Doc = match.kind === "text"
      ? this.expr(textAt(match.span, match.text))
      : [this.lead(match.span.start), this.namedValues(match.fields, match.span.end - 1)];
    const arrow = this.closerAfter(match.span.end);
    const [only] = item.items;
    const items: Doc = item.list
      ? [this.lead(this.closerAfter(arrow + 2)), this.sequence("[", item.items, itemExtent, (i) => this.item(i), "]", item.span.end - 1, ITEMS)]
      : [this.lead(only.span.start), this.item(only)];
    return ["when ", matched, " ", this.lead(arrow), "=> ", items];
  }

  /** `call t(args)`, `calls [t(args), raw_call(…)]` or `raw_call("t", "json")`, as the source chose. */
  private toolCalls(item: Extract<A.FakeItemShape, { kind: "calls" }>): Doc {
    if (this.text.startsWith("calls", item.span.start)) {
      return ["calls ", this.sequence("[", item.calls, (c) => c.span, (c) => this.toolCall(c), "]", item.span.end - 1, ITEMS)];
    }
    const [only] = item.calls;
    return only.kind === "typed" ? ["call ", this.lead(only.span.start), this.toolCall(only)] : this.toolCall(only);
  }

  private toolCall(call: A.FakeToolCall): Doc {
    switch (call.kind) {
      case "typed":
        return [call.tool.name, this.args(call.args, call.span.end - 1)];
      case "raw":
        return ["raw_call", this.args([textAt(call.toolSpan, call.tool), textAt(call.textSpan, call.text)], call.span.end - 1)];
      default:
        return unhandled(call);
    }
  }
}

/** A text literal the tree keeps only as a value and a span (written from the span, as every text is). */
function textAt(span: A.Span, value: string): A.Expr {
  return { kind: "text", value, span };
}
