// `jadpo test` never reaches a model: with the example's connection pointed at a local listening
// socket and a key set, the whole example run makes 0 connections to it.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { runJadpoAsync } from "../support/jadpo.ts";
import { Project } from "./project.ts";

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

describe("jadpo test and the network", () => {
  it("makes no connection to the configured model, with a key set", async () => {
    const project = Project.example();
    projects.push(project);
    const env = { JADPO_AI_BASE_URL: `http://127.0.0.1:${port}/v1`, JADPO_AI_KEY: "sk-jadpo-no-network-7f3a" };
    const run = await runJadpoAsync(["test", "--workers", "2"], { cwd: project.root, env });
    expect(run.stdout).toBe("✓ 27 passed  24 action tests · 1 function test · 2 recording tests\n");
    expect(run.code).toBe(0);
    // Give a stray connection time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(0);
  });
});
