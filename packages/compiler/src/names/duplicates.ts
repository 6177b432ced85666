// Duplicates inside one file that no namespace catches: two tests with one name, and two
// parameters, fields, enum members or fixtures with one name inside a declaration.
import type { Decl, Ident } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";

function uniqueIn(idents: Ident[], owner: string, out: Diagnostic[]): void {
  const seen = new Map<string, Ident>();
  for (const ident of idents) {
    const first = seen.get(ident.name);
    if (first) out.push(diagnostic("name.duplicate", ident.span, { name: ident.name, where: `${owner}, on line ${first.span.line}` }));
    else seen.set(ident.name, ident);
  }
}

/** `name.duplicate` for tests with one name in a file, and for repeated names inside a declaration. */
export function checkLocalDuplicates(decls: Decl[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const tests = new Map<string, number>();
  for (const decl of decls) {
    switch (decl.kind) {
      case "test": {
        const line = tests.get(decl.name);
        if (line !== undefined) out.push(diagnostic("name.duplicate", decl.nameSpan, { name: decl.name, where: `this file, on line ${line}` }));
        else tests.set(decl.name, decl.nameSpan.line);
        break;
      }
      case "type":
        if (decl.body.kind === "enum") uniqueIn(decl.body.members, `\`${decl.name.name}\``, out);
        if (decl.body.kind === "object") uniqueIn(decl.body.fields.map((field) => field.name), `\`${decl.name.name}\``, out);
        break;
      case "function":
      case "action":
      case "prompt":
        uniqueIn(decl.params.map((param) => param.name), `\`${decl.name.name}\``, out);
        break;
      case "fixtures":
        uniqueIn(decl.members.map((member) => member.name), `\`${decl.name.name}\``, out);
        for (const member of decl.members) {
          uniqueIn((member.params ?? []).map((param) => param.name), `\`${decl.name.name}.${member.name.name}\``, out);
        }
        break;
      default:
        break;
    }
  }
  return out;
}
