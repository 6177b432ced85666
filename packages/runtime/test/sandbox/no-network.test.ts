// forbidNetwork refuses every way out of the process, and nothing reaches a listening socket.
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "../../../..");

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
