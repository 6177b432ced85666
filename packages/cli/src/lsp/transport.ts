// The server's end of stdio: messages read with our own framing (framing.ts) and passed through
// the lifecycle (lifecycle.ts) before the connection sees them; responses written as
// vscode-jsonrpc writes them. A framing fault is one line on stderr; after a fatal one, and when
// the input ends, the process exits (0 only after `shutdown`), as the editor expects of a server.
import type { Readable, Writable } from "node:stream";
import { AbstractMessageReader, StreamMessageWriter, type DataCallback, type Disposable, type Message, type MessageReader } from "vscode-languageserver/node";
import { FrameDecoder } from "./framing.ts";
import { Lifecycle } from "./lifecycle.ts";

export interface Stdio {
  input: Readable;
  output: Writable;
  /** Where the one-line reports of malformed frames go. */
  log: (line: string) => void;
  exit: (code: number) => void;
}

class FramedReader extends AbstractMessageReader implements MessageReader {
  constructor(private readonly stdio: Stdio, private readonly lifecycle: Lifecycle) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const decoder = new FrameDecoder();
    const { input, log, exit } = this.stdio;
    const onData = (chunk: Buffer) => {
      for (const event of decoder.push(chunk)) {
        if (event.kind === "message") {
          if (this.lifecycle.admit(event.message)) callback(event.message as Message);
        } else if (event.kind === "skipped") {
          log(`jadpo lsp: a malformed message: ${event.problem}; skipping to the next Content-Length header`);
        } else {
          log(`jadpo lsp: a malformed message: ${event.problem}; stopping so that the editor starts the server again`);
          exit(1);
          return;
        }
      }
    };
    const onEnd = () => exit(this.lifecycle.shutDown ? 0 : 1);
    input.on("data", onData);
    input.on("end", onEnd);
    input.on("close", onEnd);
    input.on("error", (error) => this.fireError(error));
    return { dispose: () => void input.off("data", onData).off("end", onEnd).off("close", onEnd) };
  }
}

/** The reader and writer of a connection over `stdio`. */
export function stdioTransport(stdio: Stdio): { reader: MessageReader; writer: StreamMessageWriter } {
  const writer = new StreamMessageWriter(stdio.output);
  const lifecycle = new Lifecycle((response) => void writer.write(response).catch(() => undefined));
  return { reader: new FramedReader(stdio, lifecycle), writer };
}
