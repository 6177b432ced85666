// A worker's `/metrics` under `--workers N` (docs/production.md): the sum comes from the primary
// over the cluster's channel; a sum that doesn't come within the wait, or that the primary couldn't
// make, is a 503 with Retry-After, never this worker's own counts and never a wait without end.
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileProject } from "@jadpo/compiler";
import { createProductionApp, programForBuild, type ProductionApp } from "@jadpo/runtime/app";
import { askPrimaryForMetrics, type PrimaryChannel } from "../../src/commands/serve/cluster.ts";
import { serveMetrics } from "../../src/commands/serve/metrics.ts";
import { createServeServer } from "../../src/commands/serve/server.ts";
import { nodeHost } from "../../src/node-host.ts";
import { timeLimit } from "../../src/options.ts";
import { copyExample } from "../support/example.ts";
import { send } from "./served.ts";

/** A primary that answers each metrics request with `answer(id)`, or never when it gives undefined. */
function channel(answer: (id: number) => unknown): PrimaryChannel & { listeners: number } {
  const listeners = new Set<(message: unknown) => void>();
  return {
    get listeners() {
      return listeners.size;
    },
    send(message) {
      if (message.jadpo !== "metrics-request") return;
      const reply = answer(message.id);
      if (reply !== undefined) setImmediate(() => [...listeners].forEach((listener) => listener(reply)));
    },
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
}

const SUM = { text: "jadpo_requests_in_flight 0\n", contentType: "text/plain; version=0.0.4; charset=utf-8" };

describe("askPrimaryForMetrics", () => {
  it("gives the primary's sum for its own request, passing over answers to others", async () => {
    const primary = channel((id) => ({ jadpo: "metrics", id, metrics: SUM }));
    expect(await askPrimaryForMetrics(60_000, primary)).toEqual(SUM);
    const crossed = channel((id) => ({ jadpo: "metrics", id: id + 1, metrics: { ...SUM, text: "another's" } }));
    expect(await askPrimaryForMetrics(50, crossed)).toBeNull();
    expect(crossed.listeners).toBe(0);
  });

  it("gives null, and stops listening, when the primary says it has no sum or says nothing in time", async () => {
    const failed = channel((id) => ({ jadpo: "metrics", id, metrics: null }));
    expect(await askPrimaryForMetrics(60_000, failed)).toBeNull();
    const silent = channel(() => undefined);
    expect(await askPrimaryForMetrics(50, silent)).toBeNull();
    expect([failed.listeners, silent.listeners]).toEqual([0, 0]);
  });
});

describe("a worker's /metrics", () => {
  let example: string;
  let app: ProductionApp;

  beforeAll(() => {
    example = copyExample("jadpo-worker-metrics-");
    const compiled = compileProject(nodeHost, example);
    app = createProductionApp(programForBuild(compiled.program!).program, { env: { JADPO_AI_BASE_URL: "http://127.0.0.1:9/v1" } });
  });

  afterAll(async () => {
    await app.close();
    rmSync(example, { recursive: true, force: true });
  });

  it("is 503 with Retry-After when the primary's sum doesn't come in time", async () => {
    const serving = createServeServer(app, { token: null, concurrency: 1, maxBody: 1024, requestTimeout: timeLimit("60s") }, {
      log: () => {},
      metrics: serveMetrics({ worker: false }),
      metricsText: () => askPrimaryForMetrics(50, channel(() => undefined)),
    });
    await new Promise<void>((resolve) => serving.server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = serving.server.address() as AddressInfo;
      const res = await send(`http://127.0.0.1:${port}`, "GET", "/metrics");
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.json).toMatchObject({ error: { code: "metrics_unavailable", message: "The workers' metrics could not be summed in time: ask again" } });
    } finally {
      await serving.close(0);
    }
  });
});
