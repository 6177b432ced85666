// The Jadpo extension's client: starts `jadpo lsp` (the `jadpo.path` setting, `jadpo` on PATH
// by default) for .jadpo and .jadpotest files, and tells it when project files change on disk.
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const command = workspace.getConfiguration("jadpo").get<string>("path") || "jadpo";
  const server: ServerOptions = {
    run: { command, args: ["lsp"], transport: TransportKind.stdio },
    debug: { command, args: ["lsp"], transport: TransportKind.stdio },
  };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "jadpo" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.{jadpo,jadpotest,json}") },
  };
  client = new LanguageClient("jadpo", "Jadpo", server, options);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
