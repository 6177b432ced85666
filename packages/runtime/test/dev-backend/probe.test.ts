// `jadpo dev`'s start-up probe says what the calls will then do: a server that answers chat
// completions but not `GET /models` is reported as answering; one with neither route is not.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ConnectionInfo } from "@jadpo/compiler";
import { probeModel } from "../../src/dev-backend/probe.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A loopback server answering each `METHOD /path` with a status; anything else 404. */
async function server(routes: Record<string, number>): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  const handler: Handler = (req, res) => {
    const route = `${req.method} ${req.url}`;
    asked.push(route);
    req.resume();
    req.on("end", () => {
      res.writeHead(routes[route] ?? 404, { "content-type": "application/json" });
      res.end("{}");
    });
  };
  const s = createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  servers.push(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, asked };
}

const connection = (url: string): ConnectionInfo => ({
  name: "local_model", driver: "openai_compatible",
  baseUrl: { kind: "literal", value: url }, model: { kind: "literal", value: "m" }, key: null,
  timeoutMs: 30_000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 16, sandbox: ["answer_question"], perDay: null, retries: { max: 2, backoffMs: 1000 },
});

describe("probeModel", () => {
  it("a server that lists its models answers, with one GET and no completion", async () => {
    const { url, asked } = await server({ "GET /v1/models": 200 });
    expect(await probeModel(connection(url), {})).toEqual({ answers: true, url, model: "m" });
    expect(asked).toEqual(["GET /v1/models"]);
  });

  it("a server that answers chat completions but 501s GET /models answers", async () => {
    const { url, asked } = await server({ "GET /v1/models": 501, "POST /v1/chat/completions": 400 });
    expect(await probeModel(connection(url), {})).toEqual({ answers: true, url, model: "m" });
    expect(asked).toEqual(["GET /v1/models", "POST /v1/chat/completions"]);
  });

  it("a server with neither route says what each answered", async () => {
    const { url } = await server({ "GET /v1/models": 501 });
    expect(await probeModel(connection(url), {})).toEqual({
      answers: false, url, why: "it answers HTTP 501 to GET /models and HTTP 404 to POST /chat/completions",
    });
  });

  it("a key refused at chat completions is a refused key", async () => {
    const { url } = await server({ "GET /v1/models": 404, "POST /v1/chat/completions": 401 });
    expect(await probeModel(connection(url), {})).toEqual({ answers: false, url, why: "it refuses the key (HTTP 401)" });
  });
});
