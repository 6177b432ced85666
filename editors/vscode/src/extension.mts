// The Jadpo extension's client: starts `jadpo lsp` (the `jadpo.path` setting, `jadpo` on PATH
// by default) for .jadpo and .jadpotest files, and tells it when project files change on disk.
// "Jadpo: Restart language server" starts it again, as does a change of `jadpo.path`.
import { commands, window, workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";

export const RESTART_COMMAND = "jadpo.restartServer";

let client: LanguageClient | undefined;

function newClient(): LanguageClient {
  const command = workspace.getConfiguration("jadpo").get<string>("path") || "jadpo";
  const server: ServerOptions = {
    run: { command, args: ["lsp"], transport: TransportKind.stdio },
    debug: { command, args: ["lsp"], transport: TransportKind.stdio },
  };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "jadpo" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.{jadpo,jadpotest,json}") },
  };
  return new LanguageClient("jadpo", "Jadpo", server, options);
}

/** Stops the running server (if any) and starts a new one with the settings as they are now. */
async function restart(): Promise<void> {
  const old = client;
  client = undefined;
  await old?.stop().catch(() => undefined);
  client = newClient();
  await client.start();
}

export async function activate(context: ExtensionContext): Promise<void> {
  context.subscriptions.push(
    commands.registerCommand(RESTART_COMMAND, async () => {
      await restart();
      void window.setStatusBarMessage("Jadpo: language server restarted", 3000);
    }),
    workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("jadpo.path")) void restart();
    }),
    { dispose: () => void client?.stop() },
  );
  await restart();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
