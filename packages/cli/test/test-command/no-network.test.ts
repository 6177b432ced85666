// `jadpo test` never reaches a model: with the example's connection pointed at a local listening
// socket and a key set, the whole example run makes 0 connections to it.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, Project, repo } from "./project.ts";

let server: Server;
let connections = 0;
let port = 0;
const projects: Project[] = [];

beforeAll(async () => {
  buildCli();
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs the built binary without blocking this process, so the server can accept meanwhile. */
function jadpoAsync(args: string[], cwd: string, env: Record<string, string>): Promise<{ stdout: string; status: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repo, "packages/cli/bin/jadpo.mjs"), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", ...env },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("close", (status) => resolve({ stdout, status }));
  });
}

describe("jadpo test and the network", () => {
  it("makes no connection to the configured model, with a key set", async () => {
    const project = Project.example();
    projects.push(project);
    const env = { JADPO_AI_BASE_URL: `http://127.0.0.1:${port}/v1`, JADPO_AI_KEY: "sk-jadpo-no-network-7f3a" };
    const run = await jadpoAsync(["test", "--workers", "2"], project.root, env);
    expect(run.stdout).toBe("✓ 9 passed  6 action tests · 1 function test · 2 recording tests\n");
    expect(run.status).toBe(0);
    // Give a stray connection time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(0);
  });
});
