// What `jadpo lsp` does: serve the protocol over the process's stdin and stdout with the disk
// as the Host, and return only when the editor closes the connection.
import { createConnection } from "vscode-languageserver/node";
import type { CliContext } from "../../context.ts";
import { nodeHost } from "../../node-host.ts";
import { startServer } from "../../lsp/server.ts";

export async function runLsp(_context: CliContext): Promise<void> {
  const connection = createConnection(process.stdin, process.stdout);
  startServer(connection, nodeHost);
  // The connection ends the process itself on `exit`, or when stdin closes.
  await new Promise<void>((resolve) => connection.onExit(resolve));
}
