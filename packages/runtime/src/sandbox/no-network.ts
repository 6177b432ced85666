// `jadpo test` can't reach a network (docs/language.md): every way Node opens a connection or resolves a
// host is replaced, for the whole process, by one that refuses. There is no flag to undo it.
// The fake never builds a driver anyway; this makes a mistake in that loud instead of silent.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";

export class NetworkForbidden extends Error {
  constructor(what: string) {
    super(`jadpo test never reaches a network: ${what} was refused`);
    this.name = "NetworkForbidden";
  }
}

let forbidden = false;

function refuse(what: string): () => never {
  return () => {
    throw new NetworkForbidden(what);
  };
}

function replace<T extends object>(target: T, key: string, what: string): void {
  Object.defineProperty(target, key, { value: refuse(what), writable: false, configurable: false });
}

/** Makes every network call of this process (and of worker threads that call it) throw. */
export function forbidNetwork(): void {
  if (forbidden) return;
  forbidden = true;
  replace(net.Socket.prototype, "connect", "a socket connection");
  replace(net, "connect", "a socket connection");
  replace(net, "createConnection", "a socket connection");
  replace(tls, "connect", "a TLS connection");
  replace(http, "request", "an HTTP request");
  replace(http, "get", "an HTTP request");
  replace(https, "request", "an HTTPS request");
  replace(https, "get", "an HTTPS request");
  replace(dns, "lookup", "a host name lookup");
  replace(dns.promises, "lookup", "a host name lookup");
  replace(globalThis, "fetch", "a fetch");
}

export function networkForbidden(): boolean {
  return forbidden;
}
