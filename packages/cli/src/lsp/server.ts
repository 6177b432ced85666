// `jadpo lsp`: the Language Server Protocol over stdio, a thin adapter over the compiler. Open
// buffers are served over the disk (read once, and again when a watcher or the client says it
// changed); changes are checked once typing pauses, each check made from the last (only the edited
// bodies are checked again where nothing else changed), in steps that leave room for requests
// (checks.ts), and `jadpo check`'s diagnostics are published for every file; requests read the
// facts and the name index of the last complete check. A handler that throws answers nothing
// rather than stopping the server.
import { dirname } from "node:path";
import { decodeSource, factsAround, overlayHost, SourceFile, type Host } from "@jadpo/compiler";
import { findProjectRoot } from "../toolchain.ts";
import {
  CodeActionKind, TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult, type Position,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { EditorProject, fileOf, type Compiled } from "./project.ts";
import { Checks } from "./checks.ts";
import { offsetAt, pathOfUri, uriOfPath } from "./paths.ts";
import { toLspDiagnostic } from "./diagnostics.ts";
import { targetAt } from "./targets.ts";
import { hoverFor } from "./hover.ts";
import { definitionOf } from "./definition.ts";
import { completions } from "./completion.ts";
import { codeActions } from "./code-actions.ts";
import { documentSymbols } from "./symbols.ts";
import { workspaceSymbols } from "./workspace-symbols.ts";
import { referencesAt, highlightsAt } from "./references.ts";
import { prepareRename, rename } from "./rename.ts";
import { signatureHelp } from "./signature-help.ts";
import { RUN_TEST_COMMAND, runTest, testLenses } from "./code-lens.ts";
import type { Here } from "./here.ts";
import type { ProjectWatcher } from "../watch-project.ts";
import { formattingEdits } from "./formatting.ts";

/** Files whose buffers the compiler reads instead of the disk. */
const PROJECT_FILE = /\.(jadpo|jadpotest|json)$/;

/** How a project's folders are watched: `onChange` once changes settle, `onEvent` at each one (null: they can't be). */
export type WatchFolders = (root: string, onChange: () => void, onEvent: () => void) => ProjectWatcher | null;

export function startServer(connection: Connection, disk: Host, watch: WatchFolders): void {
  const documents = new TextDocuments(TextDocument);
  const buffers = new Map<string, Uint8Array>();
  /** The document version each buffer's bytes are: diagnostics carry the version they were checked at. */
  const versionOf = new WeakMap<Uint8Array, number>();
  const uris = new Map<string, string>(); // absolute path → the URI the client uses for it
  const projects = new Map<string, EditorProject>();
  const published = new Map<EditorProject, Set<string>>();
  const encoder = new TextEncoder();

  const log = (what: string, error: unknown) =>
    connection.console.error(`jadpo lsp: ${what} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  const guard = <A extends unknown[], R>(what: string, fallback: R, handler: (...args: A) => R | Promise<R>) => async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      log(what, error);
      return fallback;
    }
  };

  const projectOf = (path: string): EditorProject | null => {
    const root = findProjectRoot(overlayHost(disk, buffers), dirname(path));
    if (root === null) return null;
    let project = projects.get(root);
    if (!project) {
      const created = new EditorProject(root, disk, () => buffers);
      projects.set(root, (project = created));
      // A file changed outside the editor is read again and checked at once.
      created.watchWith(watch(root, () => checks.changed(created), () => created.diskChanged()));
    }
    return project;
  };

  const uriOf = (path: string) => uris.get(path) ?? uriOfPath(path);

  async function publish(project: EditorProject, compiled: Compiled): Promise<void> {
    await project.addRecordings(compiled);
    if (project.generation !== compiled.generation) return; // a newer check is on its way
    const byFile = new Map<string, ReturnType<typeof toLspDiagnostic>[]>();
    for (const d of compiled.diagnostics) {
      if (!d.span) continue;
      const uri = uriOf(project.absolute(d.span.file));
      if (!byFile.has(uri)) byFile.set(uri, []);
      byFile.get(uri)!.push(toLspDiagnostic(d, compiled.source(d.span.file)));
    }
    // Open files hear that they are clean too.
    for (const path of compiled.buffers.keys()) if (project.relative(path) !== null && !byFile.has(uriOf(path))) byFile.set(uriOf(path), []);
    const before = published.get(project) ?? new Set();
    for (const uri of before) if (!byFile.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The version of an open buffer the diagnostics are for, so a client can drop stale ones.
    const versions = new Map([...compiled.buffers].map(([path, bytes]) => [uriOf(path), versionOf.get(bytes)]));
    for (const [uri, diagnostics] of byFile) void connection.sendDiagnostics({ uri, version: versions.get(uri), diagnostics });
    published.set(project, new Set(byFile.keys()));
  }

  const checks = new Checks<EditorProject, Compiled>(
    (project, compiled) => void publish(project, compiled).catch((error) => log(`checking ${project.root}`, error)),
    (project, error) => log(`checking ${project.root}`, error),
  );

  const changed = (document: TextDocument, open: boolean) => {
    try {
      const path = pathOfUri(document.uri);
      if (path === null || !PROJECT_FILE.test(path)) return;
      if (open) {
        const bytes = encoder.encode(document.getText());
        versionOf.set(bytes, document.version);
        buffers.set(path, bytes);
        uris.set(path, document.uri);
      } else buffers.delete(path);
      const project = projectOf(path);
      if (project) checks.changed(project);
    } catch (error) {
      log("a change", error);
    }
  };
  documents.onDidOpen((e) => changed(e.document, true));
  documents.onDidChangeContent((e) => changed(e.document, true));
  documents.onDidClose((e) => changed(e.document, false));
  connection.onDidChangeWatchedFiles(guard("a file change", undefined, () => {
    for (const project of projects.values()) {
      project.diskChanged();
      checks.changed(project);
    }
  }));

  /** The open buffer's text as the compiler reads it, made once per version (requests come often while typing). */
  const liveSources = new Map<string, { version: number; source: SourceFile }>();
  documents.onDidClose((e) => void liveSources.delete(e.document.uri));
  const liveSource = (uri: string, relative: string): SourceFile | null => {
    const document = documents.get(uri);
    if (!document) return null;
    const kept = liveSources.get(uri);
    if (kept?.version === document.version) return kept.source;
    const source = new SourceFile(relative, decodeSource(document.getText()).text);
    liveSources.set(uri, { version: document.version, source });
    return source;
  };

  /**
   * The project, a check and the file at a document URI, with the cursor's offset. `fresh`: a
   * check of the buffers as they are now (rename and references edit or list every use); else
   * the last complete check, never waiting for one that is running.
   */
  const at = async (uri: string, position?: Position, fresh = false): Promise<Here | null> => {
    const path = pathOfUri(uri);
    const project = path === null ? null : projectOf(path);
    const relative = project && path ? project.relative(path) : null;
    if (!project || relative === null) return null;
    let compiled = await (fresh ? checks.current(project) : checks.latest(project));
    // A file the last check didn't see (just created in the editor): its own check is worth the wait.
    if (!fileOf(compiled, relative) && !project.upToDate()) compiled = await checks.current(project);
    const file = fileOf(compiled, relative);
    if (!file) return null;
    if (position && compiled.program && compiled.program.graph === compiled.result.graph) factsAround(compiled.program, file, offsetAt(file.source, position));
    const live = liveSource(uri, relative) ?? file.source;
    return { project, compiled, file, live, uri, offset: position ? offsetAt(file.source, position) : 0, liveOffset: position ? offsetAt(live, position) : 0 };
  };

  const initializeResult: InitializeResult = ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Full,
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentHighlightProvider: true,
      renameProvider: { prepareProvider: true },
      workspaceSymbolProvider: true,
      signatureHelpProvider: { triggerCharacters: ["(", ",", "{", " "], retriggerCharacters: [":"] },
      completionProvider: { triggerCharacters: [".", "\"", "{", "[", ",", " "] },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      codeLensProvider: { resolveProvider: false },
      executeCommandProvider: { commands: [RUN_TEST_COMMAND] },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
    },
    serverInfo: { name: "jadpo" },
  });
  /** Whether the client applies file and folder renames in a rename's edit. */
  let renamesFiles = false;
  connection.onInitialize(({ capabilities }): InitializeResult => {
    const edits = capabilities.workspace?.workspaceEdit;
    renamesFiles = edits?.documentChanges === true && (edits.resourceOperations ?? []).includes("rename");
    return initializeResult;
  });

  connection.onHover(guard("hover", null, async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position);
    const target = here && targetAt(here.compiled, here.file, here.offset);
    return target ? hoverFor(here.compiled, target) : null;
  }));
  connection.onDefinition(guard("definition", [], async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position);
    const target = here && targetAt(here.compiled, here.file, here.offset);
    return target ? definitionOf(here.project, here.compiled, target) : [];
  }));
  connection.onReferences(guard("references", [], async ({ textDocument, position, context }) => {
    const here = await at(textDocument.uri, position, true);
    return here ? referencesAt(here, context.includeDeclaration) : [];
  }));
  connection.onDocumentHighlight(guard("document highlights", [], async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position, true);
    return here ? highlightsAt(here) : [];
  }));
  connection.onPrepareRename(guard("prepare rename", null, async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position, true);
    return here ? prepareRename(here) : null;
  }));
  connection.onRenameRequest(guard("rename", null, async ({ textDocument, position, newName }) => {
    const here = await at(textDocument.uri, position, true);
    return here ? rename(here, newName, renamesFiles) : null;
  }));
  connection.onWorkspaceSymbol(guard("workspace symbols", [], async ({ query }) => {
    const found = [];
    for (const project of projects.values()) found.push(...workspaceSymbols(project, await checks.latest(project), query));
    return found;
  }));
  connection.onSignatureHelp(guard("signature help", null, async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position);
    return here ? signatureHelp(here) : null;
  }));
  connection.onCompletion(guard("completion", [], async ({ textDocument, position }) => {
    const here = await at(textDocument.uri, position);
    return here ? completions(here) : [];
  }));
  connection.onCodeAction(guard("code actions", [], async ({ textDocument, range }) => {
    const here = await at(textDocument.uri);
    return here ? codeActions(here.file, textDocument.uri, here.compiled.diagnostics, range) : [];
  }));
  connection.onCodeLens(guard("code lens", [], async ({ textDocument }) => {
    const here = await at(textDocument.uri);
    return here ? testLenses(here) : [];
  }));
  connection.onExecuteCommand(guard("a command", null, ({ command, arguments: args }) => {
    return command === RUN_TEST_COMMAND ? runTest(connection, args ?? []) : null;
  }));
  connection.onDocumentSymbol(guard("document symbols", [], async ({ textDocument }) => {
    const here = await at(textDocument.uri);
    return here ? documentSymbols(here.file) : [];
  }));
  connection.onDocumentFormatting(guard("formatting", [], ({ textDocument }) => formattingEdits(documents.get(textDocument.uri))));
  // How long the last check of a document's project took, which files it parsed and which
  // declarations it checked: for measurements and tests (not part of the protocol).
  connection.onRequest("jadpo/lastCheck", guard("lastCheck", null, async (params: { uri: string }) => {
    const here = await at(params.uri);
    return here ? { ms: here.compiled.ms, parsed: here.compiled.parsed, checked: here.compiled.checked } : null;
  }));

  documents.listen(connection);
  connection.listen();
}
