// The protocol's lifecycle, kept in front of the connection, which serves any message in any
// state: before `initialize` only `initialize` and `exit` get through; `initialize` is taken once;
// after `shutdown` only `exit` does. A request held back is answered with the error the protocol
// names for it; a notification held back is dropped.
import { ErrorCodes, type ResponseMessage } from "vscode-languageserver/node";

type State = "new" | "running" | "shut down";

export class Lifecycle {
  private state: State = "new";

  /** `reply`: sends a response the connection never sees (an error for a request held back). */
  constructor(private readonly reply: (response: ResponseMessage) => void) {}

  /** Whether `shutdown` has been received, so that an `exit` or a closed input ends with 0. */
  get shutDown(): boolean {
    return this.state === "shut down";
  }

  /** Whether the connection should see `message`; answers a request it holds back. */
  admit(message: unknown): boolean {
    if (typeof message !== "object" || message === null || !("method" in message) || typeof message.method !== "string") return true; // a response, or not a message: the connection's to judge
    const method = message.method;
    const id = "id" in message && (typeof message.id === "number" || typeof message.id === "string") ? message.id : null;
    if (method === "exit") return true;
    const refusal = this.refusal(method);
    if (refusal === null) {
      if (method === "initialize" && id !== null) this.state = "running";
      else if (method === "shutdown" && id !== null) this.state = "shut down";
      return true;
    }
    if (id !== null) this.reply({ jsonrpc: "2.0", id, error: refusal });
    return false;
  }

  private refusal(method: string): { code: number; message: string } | null {
    if (this.state === "new") {
      return method === "initialize" ? null : { code: ErrorCodes.ServerNotInitialized, message: "The server is not initialized yet: send `initialize` first." };
    }
    if (this.state === "shut down") return { code: ErrorCodes.InvalidRequest, message: "The server is shutting down: after `shutdown` only `exit` is accepted." };
    return method === "initialize" ? { code: ErrorCodes.InvalidRequest, message: "The server is already initialized: `initialize` is sent once." } : null;
  }
}
