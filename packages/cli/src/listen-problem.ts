// Why a server (`jadpo dev`, `jadpo serve`) couldn't listen, from the system's error code.
import { diagnostic, type Diagnostic } from "@jadpo/compiler";

/** Why the server couldn't listen on `port` of `host`. */
export function listenProblem(port: number, code: string, host = "127.0.0.1"): Diagnostic {
  if (code === "EADDRINUSE") return diagnostic("cli.port_in_use", null, { port });
  return diagnostic("cli.port_unavailable", null, { port, host, code: code || "unknown error" });
}
