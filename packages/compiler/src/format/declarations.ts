// The formatter's top-level declarations. Braces of entries (a type's fields, constraints or
// members, a failure, `locales`, a `use` list, a block entry such as `development:`) stand on one
// line when they fit; a prompt's, a connection's and a fixtures group's entries are one a line; a
// signature too long for its line puts `fails …` and `-> T` on lines of their own and `{` alone.
import type * as A from "../syntax/ast.ts";
import { ENTRIES, ITEMS, NAMES } from "./base.ts";
import { SPACE, indent, type Doc } from "./doc.ts";
import { spanExtent, unhandled } from "./expressions.ts";
import { FormatFakes } from "./fakes.ts";

type Callable = A.FunctionDecl | A.ActionDecl;

export abstract class FormatDeclarations extends FormatFakes {
  protected decl(d: A.Decl): Doc {
    switch (d.kind) {
      case "use": {
        const names = this.sequence("{", d.names, spanExtent, (n) => n.name, "}", d.span.end - 1, NAMES);
        return ["use ", d.path.map((word) => word.name).join("/"), " ", names];
      }
      case "type":
        return ["type ", this.name(d.name), " = ", this.lead(d.body.span.start), this.typeBody(d.body)];
      case "failure":
        return ["failure ", this.name(d.name), " ", this.entryBraces(d.entries, d.span.end - 1)];
      case "function":
      case "action":
        return this.callable(d);
      case "fixtures":
        return ["fixtures ", this.name(d.name), " ", this.lines("{", d.members, (m) => this.fixture(m), d.span.end - 1)];
      case "prompt":
        return ["prompt ", this.name(d.name), this.params(d.params, this.paramsEnd(d.params, d.name.span.end)), " ", this.entryLines(d.entries, d.span.end - 1)];
      case "connection":
        return ["connection ", this.name(d.name), " ", this.entryLines(d.entries, d.span.end - 1)];
      case "locales":
        return ["locales ", this.entryBraces(d.entries, d.span.end - 1)];
      case "test":
        return this.test(d);
      default:
        return unhandled(d);
    }
  }

  private typeBody(body: A.TypeBody): Doc {
    switch (body.kind) {
      case "alias":
        return [this.typeRef(body.base), this.constraints(body.constraints)];
      case "enum":
        return ["Enum ", this.sequence("{", body.members, spanExtent, (m) => m.name, "}", body.span.end - 1, ENTRIES)];
      case "object": {
        const field = (f: A.FieldDecl): Doc => [f.name.name, ": ", this.typeChild(f.type), this.constraints(f.constraints)];
        return ["Object ", this.sequence("{", body.fields, spanExtent, field, "}", body.span.end - 1, ENTRIES)];
      }
      default:
        return unhandled(body);
    }
  }

  /** ` { min: 1  max: 5 }` after a type, or nothing. */
  private constraints(items: readonly A.ConstraintItem[]): Doc {
    if (items.length === 0) return "";
    return [" ", this.namedValues(items, this.closerAfter(items[items.length - 1].span.end))];
  }

  /** Settings as braces of entries: `{ kind: Unavailable  message: "…" }`. */
  private entryBraces(entries: readonly A.ConfigEntry[], closeAt: number): Doc {
    return this.sequence("{", entries, spanExtent, (e) => this.configEntry(e), "}", closeAt, ENTRIES);
  }

  /** Settings one a line (a prompt's, a connection's). */
  private entryLines(entries: readonly A.ConfigEntry[], closeAt: number): Doc {
    return this.lines("{", entries, (e) => this.configEntry(e), closeAt);
  }

  private configEntry(entry: A.ConfigEntry): Doc {
    const value = entry.value;
    switch (value.kind) {
      case "expr":
        return [entry.name.name, ": ", this.child(value.expr)];
      case "block":
        return [entry.name.name, ": ", this.lead(value.span.start), this.entryBraces(value.entries, value.span.end - 1)];
      default:
        return unhandled(value);
    }
  }

  /** Where the `)` of a parameter list is; `after`: where the name before it ends. */
  private paramsEnd(params: readonly A.Param[], after: number): number {
    return this.closerAfter(params.length === 0 ? this.closerAfter(after) + 1 : params[params.length - 1].span.end);
  }

  /** `(a: T, b: U)`, its `)` at `closeAt`. */
  private params(params: readonly A.Param[], closeAt: number): Doc {
    return this.sequence("(", params, spanExtent, (p) => [p.name.name, ": ", this.typeChild(p.type)], ")", closeAt, ITEMS);
  }

  private callable(d: Callable): Doc {
    const closeAt = this.paramsEnd(d.params, d.name.span.end);
    const head: Doc[] = [d.kind, " ", this.name(d.name), this.params(d.params, closeAt)];
    // A comment after `)` ends that line: the rest of the signature goes on lines of its own.
    const mark = this.mark();
    head.push(this.trailing(closeAt + 1) ?? "");
    const tail: Doc[] = [];
    if (d.fails.length > 0) {
      tail.push(SPACE, "fails ");
      d.fails.forEach((f, i) => tail.push(i === 0 ? "" : ", ", this.name(f)));
      tail.push(this.trailing(d.fails[d.fails.length - 1].span.end) ?? "");
    }
    if (d.returnType !== null) tail.push(...this.returnType(d.returnType));
    return [this.signature(head, tail, mark), this.blockAfterBrace(d.body)];
  }

  /** `-> T` on the signature's line or a line of its own, with the comment after it. */
  private returnType(type: A.TypeRef): Doc[] {
    return [SPACE, "-> ", this.typeChild(type), this.trailing(type.span.end) ?? ""];
  }

  private fixture(m: A.FixtureMember): Doc {
    let params: Doc = "";
    let mark = this.mark();
    if (m.params !== null) {
      const closeAt = this.paramsEnd(m.params, m.name.span.end);
      params = this.params(m.params, closeAt);
      mark = this.mark();
      params = [params, this.trailing(closeAt + 1) ?? ""];
    }
    return [this.signature([m.name.name, params], this.returnType(m.returnType), mark), this.blockAfterBrace(m.body)];
  }

  /**
   * The head (its parameters break on their own), then `fails …` / `-> T` and `{`: on the head's line
   * when they fit, else each on a line of its own, indented, and `{` alone on the next.
   */
  private signature(head: Doc[], tail: Doc[], mark: number): Doc {
    if (tail.length === 0) return [head, " {"];
    return [head, this.group([indent(tail), SPACE, "{"], mark)];
  }

  /** A body whose `{` the signature wrote. */
  private blockAfterBrace(body: A.Block): Doc {
    return this.lines("", body.statements, this.printStatement, body.span.end - 1);
  }

  private test(d: A.TestDecl): Doc {
    const items: (A.Stmt | A.FakesBlock)[] = d.fakes === null ? d.body.statements : [d.fakes, ...d.body.statements];
    const print = (item: A.Stmt | A.FakesBlock): Doc => ("kind" in item ? this.statement(item) : this.fakes(item));
    return ["test ", this.lead(d.nameSpan.start), this.slice(d.nameSpan), " ", this.lines("{", items, print, d.body.span.end - 1)];
  }
}
