// `jadpo lsp`: the Language Server Protocol over stdio, a thin adapter over the compiler. Open
// buffers are served over the disk; every change re-checks the project (parsing only what
// changed) and publishes `jadpo check`'s diagnostics for every file; requests read the facts the
// checker kept. A handler that throws answers nothing rather than stopping the server.
import { dirname } from "node:path";
import { overlayHost, type Host } from "@jadpo/compiler";
import { findProjectRoot } from "../toolchain.ts";
import {
  CodeActionKind, TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { EditorProject } from "./project.ts";
import { offsetAt, pathOfUri, uriOfPath } from "./paths.ts";
import { toLspDiagnostic } from "./diagnostics.ts";
import { targetAt } from "./targets.ts";
import { hoverFor } from "./hover.ts";
import { definitionOf } from "./definition.ts";
import { completions } from "./completion.ts";
import { codeActions } from "./code-actions.ts";
import { documentSymbols } from "./symbols.ts";
import { formattingEdits } from "./formatting.ts";

/** Files whose buffers the compiler reads instead of the disk. */
const PROJECT_FILE = /\.(jadpo|jadpotest|json)$/;

export function startServer(connection: Connection, disk: Host): void {
  const documents = new TextDocuments(TextDocument);
  const buffers = new Map<string, Uint8Array>();
  const uris = new Map<string, string>(); // absolute path → the URI the client uses for it
  const projects = new Map<string, EditorProject>();
  const published = new Map<EditorProject, Set<string>>();
  const pending = new Set<EditorProject>();
  const encoder = new TextEncoder();

  const guard = <A extends unknown[], R>(what: string, fallback: R, handler: (...args: A) => R) => (...args: A): R => {
    try {
      return handler(...args);
    } catch (error) {
      connection.console.error(`jadpo lsp: ${what} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return fallback;
    }
  };

  const projectOf = (path: string): EditorProject | null => {
    const root = findProjectRoot(overlayHost(disk, buffers), dirname(path));
    if (root === null) return null;
    let project = projects.get(root);
    if (!project) projects.set(root, (project = new EditorProject(root, disk, () => buffers)));
    return project;
  };

  const uriOf = (path: string) => uris.get(path) ?? uriOfPath(path);

  async function publish(project: EditorProject): Promise<void> {
    const compiled = project.current();
    // The versions this compile saw: a change arriving while recordings are decoded must not
    // have its number put on diagnostics of the text before it.
    const versions = new Map([...buffers.keys()].map((path) => [uriOf(path), documents.get(uriOf(path))?.version]));
    await project.addRecordings(compiled);
    if (!project.isCurrent(compiled)) return; // a newer check is on its way
    const byFile = new Map<string, ReturnType<typeof toLspDiagnostic>[]>();
    for (const d of compiled.diagnostics) {
      if (!d.span) continue;
      const uri = uriOf(project.absolute(d.span.file));
      if (!byFile.has(uri)) byFile.set(uri, []);
      byFile.get(uri)!.push(toLspDiagnostic(d, compiled.source(d.span.file)));
    }
    // Open files hear that they are clean too.
    for (const path of buffers.keys()) if (project.relative(path) !== null && !byFile.has(uriOf(path))) byFile.set(uriOf(path), []);
    const before = published.get(project) ?? new Set();
    for (const uri of before) if (!byFile.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The version of an open buffer the diagnostics are for, so a client can drop stale ones.
    for (const [uri, diagnostics] of byFile) void connection.sendDiagnostics({ uri, version: versions.get(uri), diagnostics });
    published.set(project, new Set(byFile.keys()));
  }

  /** Re-checks changed projects once the current burst of messages is handled. */
  const schedule = (project: EditorProject) => {
    project.invalidate();
    if (pending.size === 0) {
      setImmediate(() => {
        const projectsNow = [...pending];
        pending.clear();
        for (const p of projectsNow) publish(p).catch((error) => connection.console.error(`jadpo lsp: checking ${p.root} failed: ${String(error)}`));
      });
    }
    pending.add(project);
  };

  const changed = guard("a change", undefined, (document: TextDocument, open: boolean) => {
    const path = pathOfUri(document.uri);
    if (path === null || !PROJECT_FILE.test(path)) return;
    if (open) {
      buffers.set(path, encoder.encode(document.getText()));
      uris.set(path, document.uri);
    } else buffers.delete(path);
    const project = projectOf(path);
    if (project) schedule(project);
  });
  documents.onDidOpen((e) => changed(e.document, true));
  documents.onDidChangeContent((e) => changed(e.document, true));
  documents.onDidClose((e) => changed(e.document, false));
  connection.onDidChangeWatchedFiles(guard("a file change", undefined, () => {
    for (const project of projects.values()) schedule(project);
  }));

  /** The project, its compile and the file at a document URI, with the cursor's offset. */
  const at = (uri: string, position?: { line: number; character: number }) => {
    const path = pathOfUri(uri);
    const project = path === null ? null : projectOf(path);
    const relative = project && path ? project.relative(path) : null;
    if (!project || relative === null) return null;
    const compiled = project.current();
    const file = project.file(relative);
    if (!file) return null;
    return { project, compiled, file, offset: position ? offsetAt(file.source, position) : 0 };
  };

  connection.onInitialize((): InitializeResult => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Full,
      hoverProvider: true,
      definitionProvider: true,
      completionProvider: { triggerCharacters: [".", "\"", "{", "[", ",", " "] },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
    },
    serverInfo: { name: "jadpo" },
  }));

  connection.onHover(guard("hover", null, ({ textDocument, position }) => {
    const here = at(textDocument.uri, position);
    const target = here && targetAt(here.compiled, here.file, here.offset);
    return target ? hoverFor(here.compiled, target) : null;
  }));
  connection.onDefinition(guard("definition", [], ({ textDocument, position }) => {
    const here = at(textDocument.uri, position);
    const target = here && targetAt(here.compiled, here.file, here.offset);
    return target ? definitionOf(here.project, target) : [];
  }));
  connection.onCompletion(guard("completion", [], ({ textDocument, position }) => {
    const here = at(textDocument.uri, position);
    return here ? completions({ compiled: here.compiled, file: here.file, text: here.file.source.text, offset: here.offset }) : [];
  }));
  connection.onCodeAction(guard("code actions", [], ({ textDocument, range }) => {
    const here = at(textDocument.uri);
    return here ? codeActions(here.file, textDocument.uri, here.compiled.diagnostics, range) : [];
  }));
  connection.onDocumentSymbol(guard("document symbols", [], ({ textDocument }) => {
    const here = at(textDocument.uri);
    return here ? documentSymbols(here.file) : [];
  }));
  connection.onDocumentFormatting(guard("formatting", [], ({ textDocument }) => formattingEdits(documents.get(textDocument.uri))));
  // How long the last check of a document's project took, and which files it parsed: for
  // measurements and tests (not part of the protocol).
  connection.onRequest("jadpo/lastCheck", guard("lastCheck", null, (params: { uri: string }) => {
    const here = at(params.uri);
    return here ? { ms: here.compiled.ms, parsed: here.compiled.parsed } : null;
  }));

  documents.listen(connection);
  connection.listen();
}
