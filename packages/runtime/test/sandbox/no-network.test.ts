// forbidNetwork refuses every way out of the process, and nothing reaches a listening socket.
import { execFile } from "node:child_process";
import { createSocket } from "node:dgram";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "../../../..");

/** Runs `fixture` under tsx with `args`, resolving with its standard output (and whatever it wrote to stderr). */
function runFixture(fixture: string, args: string[]): Promise<string> {
  // Async, so this process keeps accepting while the child tries.
  const tsx = join(repo, "node_modules/tsx/dist/cli.mjs");
  return new Promise((resolve) => execFile(process.execPath, [tsx, join(here, "fixtures", fixture), ...args], { cwd: repo }, (_error, stdout, stderr) => resolve(stdout + stderr)));
}

/** A TCP server and a UDP socket on 127.0.0.1 that count what reaches them. */
async function listeners(): Promise<{ port: number; udpPort: number; arrived: () => number; close: () => Promise<void> }> {
  let arrived = 0;
  const server = createServer((socket) => {
    arrived++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const udp = createSocket("udp4", () => arrived++);
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    udpPort: udp.address().port,
    arrived: () => arrived,
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

it("refuses sockets, HTTP, fetch and DNS, and no connection arrives", async () => {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const child = await new Promise<string>((resolve) => {
    // Async, so this process keeps accepting while the child tries.
    const tsx = join(repo, "node_modules/tsx/dist/cli.mjs");
    execFile(process.execPath, [tsx, join(here, "fixtures/try-network.ts"), String(port)], { cwd: repo }, (_error, stdout) => resolve(stdout));
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  expect(child).toBe(
    [
      "net.connect: jadpo test never reaches a network: a socket connection was refused",
      "socket.connect: jadpo test never reaches a network: a socket connection was refused",
      "http.request: jadpo test never reaches a network: an HTTP request was refused",
      "fetch: jadpo test never reaches a network: a fetch was refused",
      "dns.lookup: jadpo test never reaches a network: a host name lookup was refused",
      "",
    ].join("\n"),
  );
  expect(connections).toBe(0);
});

it("refuses http, https, tls, http2, fetch, every DNS query and datagrams loaded after the ban, and nothing arrives", async () => {
  const { port, udpPort, arrived, close } = await listeners();
  const child = await runFixture("try-network-late.ts", [String(port), String(udpPort)]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await close();
  const refused = (what: string): string => `jadpo test never reaches a network: ${what} was refused`;
  expect(child).toBe(
    [
      "loaded before the ban: none",
      `http.request: ${refused("a socket connection")}`,
      `http.get: ${refused("a socket connection")}`,
      `https.request: ${refused("a socket connection")}`,
      `tls.connect: ${refused("a socket connection")}`,
      `http2.connect: ${refused("a socket connection")}`,
      `fetch: ${refused("a fetch")}`,
      `dns.resolve4: ${refused("a DNS query")}`,
      `dns.promises.lookup: ${refused("a host name lookup")}`,
      `dns.promises.resolve: ${refused("a DNS query")}`,
      `new dns.Resolver().resolveTxt: ${refused("a DNS query")}`,
      `new dns.promises.Resolver().resolve6: ${refused("a DNS query")}`,
      `dns.lookupService: ${refused("a DNS query")}`,
      `dns.reverse: ${refused("a DNS query")}`,
      `dgram send: ${refused("a datagram")}`,
      `dgram connect: ${refused("a datagram")}`,
      "",
    ].join("\n"),
  );
  expect(arrived()).toBe(0);
});
