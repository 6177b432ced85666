// Workspace symbols: every top-level declaration of a project (and each fixture and test) whose
// name holds the query's characters in order, ignoring case, as editors' "go to symbol" expects.
import type { Decl, LoadedFile, Span } from "@jadpo/compiler";
import { SymbolKind, type SymbolInformation } from "vscode-languageserver";
import type { Compiled, EditorProject } from "./project.ts";
import { rangeOf, uriOfPath } from "./paths.ts";

/** At most this many answers: a query of one letter on a large project matches most of it. */
const MAX_SYMBOLS = 500;

function matches(name: string, query: string): boolean {
  let at = 0;
  const lower = name.toLowerCase();
  for (const c of query.toLowerCase()) {
    at = lower.indexOf(c, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function named(decl: Decl): { name: string; kind: SymbolKind; span: Span }[] {
  switch (decl.kind) {
    case "use":
    case "locales":
      return [];
    case "type":
      return [{ name: decl.name.name, kind: decl.body.kind === "enum" ? SymbolKind.Enum : SymbolKind.Struct, span: decl.name.span }];
    case "failure":
      return [{ name: decl.name.name, kind: SymbolKind.Event, span: decl.name.span }];
    case "function":
    case "action":
      return [{ name: decl.name.name, kind: SymbolKind.Function, span: decl.name.span }];
    case "fixtures":
      return [
        { name: decl.name.name, kind: SymbolKind.Module, span: decl.name.span },
        ...decl.members.map((m) => ({ name: `${decl.name.name}.${m.name.name}`, kind: SymbolKind.Method, span: m.name.span })),
      ];
    case "prompt":
      return [{ name: decl.name.name, kind: SymbolKind.Interface, span: decl.name.span }];
    case "connection":
      return [{ name: decl.name.name, kind: SymbolKind.Constant, span: decl.name.span }];
    case "test":
      return [{ name: decl.name, kind: SymbolKind.Method, span: decl.nameSpan }];
  }
}

export function workspaceSymbols(project: EditorProject, compiled: Compiled, query: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const file of compiled.result.graph.files as LoadedFile[]) {
    for (const decl of file.syntax.decls) {
      for (const symbol of named(decl)) {
        if (!matches(symbol.name, query)) continue;
        out.push({ name: symbol.name, kind: symbol.kind, location: { uri: uriOfPath(project.absolute(file.path)), range: rangeOf(symbol.span, file.source) }, containerName: file.fileModule });
        if (out.length >= MAX_SYMBOLS) return out;
      }
    }
  }
  return out;
}
