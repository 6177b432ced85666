// What `jadpo lsp` does: serve the protocol over the process's stdin and stdout with the disk
// as the Host (each project's folders watched), and return only when the editor closes the connection.
import { createConnection } from "vscode-languageserver/node";
import type { CliContext } from "../../context.ts";
import { nodeHost } from "../../node-host.ts";
import { startServer } from "../../lsp/server.ts";
import { stdioTransport } from "../../lsp/transport.ts";
import { watchProject } from "../../watch-project.ts";

export async function runLsp(_context: CliContext): Promise<void> {
  const { reader, writer } = stdioTransport({
    input: process.stdin,
    output: process.stdout,
    log: (line) => void process.stderr.write(`${line}\n`),
    exit: (code) => process.exit(code),
  });
  const connection = createConnection(reader, writer);
  startServer(connection, nodeHost, (root, onChange, onEvent) => watchProject(root, onChange, { onEvent }));
  // The connection ends the process itself on `exit`; the transport does when stdin closes or
  // a frame can't be read past.
  await new Promise<void>((resolve) => connection.onExit(resolve));
}
