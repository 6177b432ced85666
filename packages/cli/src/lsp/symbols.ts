// Document symbols: each declaration with its parts (fields, enum members, fixtures, tests).
import type { Decl, LoadedFile, Span } from "@jadpo/compiler";
import { SymbolKind, type DocumentSymbol } from "vscode-languageserver";
import { rangeOf } from "./paths.ts";

export function documentSymbols(file: LoadedFile): DocumentSymbol[] {
  const symbol = (name: string, kind: SymbolKind, span: Span, selection: Span, children: DocumentSymbol[] = []): DocumentSymbol => ({
    name, kind, range: rangeOf(span, file.source), selectionRange: rangeOf(selection, file.source), children,
  });
  const out: DocumentSymbol[] = [];
  for (const decl of file.syntax.decls as Decl[]) {
    switch (decl.kind) {
      case "use":
        break;
      case "type": {
        const body = decl.body;
        const children = body.kind === "object"
          ? body.fields.map((f) => symbol(f.name.name, SymbolKind.Field, f.span, f.name.span))
          : body.kind === "enum" ? body.members.map((m) => symbol(m.name, SymbolKind.EnumMember, m.span, m.span)) : [];
        out.push(symbol(decl.name.name, body.kind === "enum" ? SymbolKind.Enum : SymbolKind.Struct, decl.span, decl.name.span, children));
        break;
      }
      case "failure":
        out.push(symbol(decl.name.name, SymbolKind.Event, decl.span, decl.name.span));
        break;
      case "function":
      case "action":
        out.push(symbol(decl.name.name, SymbolKind.Function, decl.span, decl.name.span));
        break;
      case "fixtures":
        out.push(symbol(decl.name.name, SymbolKind.Module, decl.span, decl.name.span, decl.members.map((m) => symbol(m.name.name, SymbolKind.Method, m.span, m.name.span))));
        break;
      case "prompt":
        out.push(symbol(decl.name.name, SymbolKind.Interface, decl.span, decl.name.span));
        break;
      case "connection":
        out.push(symbol(decl.name.name, SymbolKind.Constant, decl.span, decl.name.span));
        break;
      case "locales":
        out.push(symbol("locales", SymbolKind.Namespace, decl.span, decl.span));
        break;
      case "test":
        out.push(symbol(decl.name, SymbolKind.Method, decl.span, decl.nameSpan));
        break;
    }
  }
  return out;
}
