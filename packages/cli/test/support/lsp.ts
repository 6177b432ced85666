// A language client for end-to-end tests of `jadpo lsp`: the built binary started by
// spawnJadpo, spoken to with vscode-jsonrpc over its stdin and stdout (as editors do).
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import { spawnJadpo, waitUntil } from "./jadpo.ts";

export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  message: string;
  severity: number;
  source: string;
}

export type Position = { line: number; character: number };

export class LspClient {
  readonly connection: MessageConnection;
  /** The last diagnostics published for each URI, and how many times each was published. */
  readonly diagnostics = new Map<string, LspDiagnostic[]>();
  readonly publishes = new Map<string, number>();
  /** Called as each current publish arrives (for measurements). */
  onPublish: ((uri: string) => void) | null = null;
  /** What the server logged (a handler that failed logs here). */
  readonly logged: string[] = [];
  private readonly versions = new Map<string, number>();
  /** Versions only grow, across files and re-opens: diagnostics of an older text are never taken for the current one's. */
  private version = 0;
  private stderr = "";
  private readonly child: ChildProcessWithoutNullStreams;
  /** The server's exit code once it has ended (null when killed). */
  readonly exited: Promise<number | null>;

  /** `start`: how to start the server (default: the built `jadpo lsp` of this clone). */
  constructor(readonly root: string, start?: () => ChildProcessWithoutNullStreams) {
    this.child = start ? start() : spawnJadpo(["lsp", "--stdio"], { cwd: root, keepStdin: true });
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
    this.child.stderr.setEncoding("utf8").on("data", (text: string) => void (this.stderr += text));
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout), new StreamMessageWriter(this.child.stdin));
    this.connection.onNotification("textDocument/publishDiagnostics", (params: { uri: string; version?: number; diagnostics: LspDiagnostic[] }) => {
      // Diagnostics of an older version of an open buffer are stale: wait for the current one's.
      const path = [...this.versions.keys()].find((p) => this.uri(p) === params.uri);
      if (path !== undefined && params.version !== undefined && params.version !== this.versions.get(path)) return;
      this.diagnostics.set(params.uri, params.diagnostics);
      this.onPublish?.(params.uri);
      this.publishes.set(params.uri, (this.publishes.get(params.uri) ?? 0) + 1);
    });
    this.connection.onNotification("window/logMessage", (params: { message: string }) => void this.logged.push(params.message));
    this.connection.listen();
  }

  /** `capabilities`: the client's, as `initialize` sends them (none by default). */
  static async start(root: string, start?: () => ChildProcessWithoutNullStreams, capabilities: object = {}): Promise<LspClient> {
    const client = new LspClient(root, start);
    await client.connection.sendRequest("initialize", { processId: process.pid, rootUri: client.uri(""), capabilities });
    await client.connection.sendNotification("initialized", {});
    return client;
  }

  uri(path: string): string {
    return pathToFileURL(join(this.root, path)).href.replace(/\/$/, "");
  }

  /** Opens a file with its text on disk (or `text`). */
  async open(path: string, text = readFileSync(join(this.root, path), "utf8")): Promise<void> {
    const version = ++this.version;
    this.versions.set(path, version);
    this.diagnostics.delete(this.uri(path));
    await this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: this.uri(path), languageId: "jadpo", version, text } });
  }

  /** Replaces an open buffer's whole text (unsaved). */
  async change(path: string, text: string): Promise<void> {
    const version = ++this.version;
    this.versions.set(path, version);
    this.diagnostics.delete(this.uri(path));
    await this.connection.sendNotification("textDocument/didChange", { textDocument: { uri: this.uri(path), version }, contentChanges: [{ text }] });
  }

  async close(path: string): Promise<void> {
    await this.connection.sendNotification("textDocument/didClose", { textDocument: { uri: this.uri(path) } });
  }

  request<R>(method: string, path: string, position?: Position, extra: Record<string, unknown> = {}): Promise<R> {
    return this.connection.sendRequest(method, { textDocument: { uri: this.uri(path) }, ...(position ? { position } : {}), ...extra }) as Promise<R>;
  }

  /** Waits until the diagnostics of `path` satisfy `check` (publishing is asynchronous). */
  async diagnosticsOf(path: string, check: (d: LspDiagnostic[]) => boolean = () => true): Promise<LspDiagnostic[]> {
    const uri = this.uri(path);
    await waitUntil(`diagnostics of ${path}${this.stderr ? ` (stderr: ${this.stderr})` : ""}`, () => this.diagnostics.has(uri) && check(this.diagnostics.get(uri)!));
    return this.diagnostics.get(uri)!;
  }

  /** Where `needle` (the `nth` one) starts in a file's text, plus `shift` characters. */
  static positionOf(text: string, needle: string, shift = 0, nth = 1): Position {
    let index = -1;
    for (let i = 0; i < nth; i++) index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${needle} not found`);
    const before = text.slice(0, index + shift);
    const line = before.split("\n").length - 1;
    return { line, character: before.length - before.lastIndexOf("\n") - 1 };
  }

  /** Writes bytes to the server as they are, past the client's framing (for malformed frames). */
  sendRaw(bytes: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.child.stdin.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  get errors(): string {
    return this.stderr;
  }

  async stop(): Promise<number | null> {
    const exited = this.exited;
    try {
      await this.connection.sendRequest("shutdown");
      await this.connection.sendNotification("exit");
    } catch {
      this.child.kill("SIGKILL");
    }
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    const code = await exited;
    clearTimeout(timer);
    this.connection.dispose();
    return code;
  }
}

/** A test file's server after its tests: no request handler failed (a failing handler logs it), then it stops. */
export async function stopChecked(client: LspClient): Promise<void> {
  expect(client.logged.filter((m) => m.includes("failed"))).toEqual([]);
  await client.stop();
}
