// `jadpo serve` run in this process for a test: started on a free port with a project, stopped
// (drained) at the end; its log lines so far, and requests to it.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { memoryContext } from "../../src/context.ts";
import { runServe } from "../../src/commands/serve/run.ts";
import type { ServeOptions } from "../../src/commands/serve/start.ts";
import { jadpoEnv, waitUntil } from "../support/jadpo.ts";

export const TOKEN = "test-token-0123456789";

/** The flags' defaults, as `jadpo serve` gets them. */
export const DEFAULTS: ServeOptions = {
  port: 0, host: "127.0.0.1", auth: true, concurrency: 64, maxBody: "1MiB", requestTimeout: "60s", drain: "10s", workers: 1,
};

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
}

/** One request with a body as given (a string as is, anything else as JSON). */
export function send(url: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers: options.headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk));
      res.on("end", () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON (/metrics)
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

export class Served {
  private constructor(
    private readonly out: { stdout: () => string; stderr: () => string },
    private readonly stop: AbortController,
    private readonly done: Promise<void>,
    readonly context: ReturnType<typeof memoryContext>["context"],
  ) {}

  static async start(root: string, options: Partial<ServeOptions> = {}, env: Record<string, string | undefined> = {}): Promise<Served> {
    const { context, stdout, stderr } = memoryContext(root, jadpoEnv({ JADPO_SERVE_TOKEN: TOKEN, ...env }));
    const stop = new AbortController();
    const done = runServe(undefined, { ...DEFAULTS, ...options }, context, stop.signal);
    const served = new Served({ stdout, stderr }, stop, done, context);
    let ended = false;
    void done.then(() => (ended = true));
    await waitUntil("the URL", () => /^http:\/\/\S+\n/.test(stdout()) || ended);
    if (ended) throw new Error(`jadpo serve stopped: ${stdout()}${stderr()}`);
    return served;
  }

  get url(): string {
    return this.out.stdout().split("\n")[0];
  }

  /** The JSON log lines so far. */
  get lines(): Record<string, unknown>[] {
    return this.out.stdout().split("\n").slice(1).filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  get stdout(): string {
    return this.out.stdout();
  }

  get stderr(): string {
    return this.out.stderr();
  }

  /** An action request with the token (or `token`), its parameters as JSON. */
  call(action: string, params: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return send(this.url, "POST", `/actions/${action}`, { body: params, headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}`, ...headers } });
  }

  get(path: string): Promise<Reply> {
    return send(this.url, "GET", path);
  }

  /** Drains, as SIGTERM does, and waits for serving to end. */
  async close(): Promise<number> {
    this.stop.abort();
    await this.done;
    return this.context.exitCode;
  }
}
