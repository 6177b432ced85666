// `jadpo test` can't reach a network (docs/language.md): every way Node opens a connection or resolves a
// host is replaced, for the whole process, by one that refuses. There is no flag to undo it.
// The fake never builds a driver anyway; this makes a mistake in that loud instead of silent.
//
// The ban sits where the ways out meet, so it loads nothing a test run doesn't need: every TCP or
// pipe connection — http, https, tls, http2 and fetch included — is a `net.Socket` that
// `connect`s; host names resolve through `dns`; datagrams leave through `dgram`. Those three are
// refused at the source (they cost ≈ 0.5 ms beside `net`, which the terminal loads anyway).
// http, https and tls are not loaded for the ban (≈ 1.3 ms with the crypto they pull in): when
// something already loaded them, their entry points also refuse, by their own names. All of
// them load when the ban is set, not with the runtime: `jadpo check` loads the runtime to decode
// recordings and never sets it.
import { createRequire, syncBuiltinESMExports } from "node:module";

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

/** Every lookup and query of `dns` or `dns.promises`, exported or on their `Resolver`s. */
function forbidDns(api: object, resolver: object): void {
  for (const target of [api, resolver]) {
    for (const key of Object.getOwnPropertyNames(target)) {
      if (key === "lookup") replace(target, key, "a host name lookup");
      else if (/^(lookupService|resolve\w*|reverse)$/.test(key)) replace(target, key, "a DNS query");
    }
  }
}

/** Whether Node has loaded built-in `name` (read without loading it). */
function loaded(name: string): boolean {
  const list = (process as { moduleLoadList?: readonly string[] }).moduleLoadList;
  return list === undefined || list.includes(`NativeModule ${name}`);
}

/** Makes every network call of this process (and of worker threads that call it) throw. */
export function forbidNetwork(): void {
  if (forbidden) return;
  forbidden = true;
  const load = createRequire(import.meta.url);
  const net = load("node:net") as typeof import("node:net");
  const dgram = load("node:dgram") as typeof import("node:dgram");
  const dns = load("node:dns") as typeof import("node:dns");
  replace(net.Socket.prototype, "connect", "a socket connection");
  replace(net, "connect", "a socket connection");
  replace(net, "createConnection", "a socket connection");
  replace(dgram.Socket.prototype, "connect", "a datagram");
  replace(dgram.Socket.prototype, "send", "a datagram");
  forbidDns(dns, dns.Resolver.prototype);
  forbidDns(dns.promises, dns.promises.Resolver.prototype);
  replace(globalThis, "fetch", "a fetch");
  if (loaded("tls")) replace(load("node:tls") as object, "connect", "a TLS connection");
  for (const [name, what] of [["http", "an HTTP request"], ["https", "an HTTPS request"]] as const) {
    if (!loaded(name)) continue;
    const api = load(`node:${name}`) as object;
    replace(api, "request", what);
    replace(api, "get", what);
  }
  // ES modules that imported a built-in by name hold their own copy of its exports: update them.
  syncBuiltinESMExports();
}
