// A server (`jadpo dev`, `jadpo serve`) listening: the port it has, or why it couldn't listen.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { diagnostic, type Diagnostic } from "@jadpo/compiler";

/** Starts `server` listening on `port` of `host`: the port it has (one picked for 0), or the system's error code. */
export function listenOn(server: Server, port: number, host: string): Promise<{ ok: true; port: number } | { ok: false; code: string }> {
  return new Promise((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code ?? "" }));
    server.listen(port, host, () => resolve({ ok: true, port: (server.address() as AddressInfo).port }));
  });
}

/** Why the server couldn't listen on `port` of `host`. */
export function listenProblem(port: number, code: string, host = "127.0.0.1"): Diagnostic {
  if (code === "EADDRINUSE") return diagnostic("cli.port_in_use", null, { port });
  return diagnostic("cli.port_unavailable", null, { port, host, code: code || "unknown error" });
}
