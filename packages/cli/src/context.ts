// What a command gets from the process: the current directory, the environment and the two
// output streams. Commands never read `process` themselves, so tests can run them in-process.
import { createRequire } from "node:module";

export interface Output {
  write(text: string): void;
  isTTY: boolean;
  /** The terminal's width, when it is one. */
  columns: number | null;
}

export interface CliContext {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
  /** The exit code the process ends with: commands set it (0 passed, 1 failed, 2 usage error). */
  exitCode: number;
  /** Key presses on standard input when it is a terminal (`jadpo test --watch`'s keys); absent otherwise. */
  keys?: KeyInput;
  /** All of standard input, read to its end (`jadpo fmt --stdin`); absent where there is none. */
  readStdin?: () => Promise<Uint8Array>;
  /**
   * Whether the command has the process to itself and may change what is process-wide (`jadpo
   * test` bans the network for the whole process). False when commands run inside another
   * program, as the in-process tests run them (absent is false): there the ban would outlive the
   * command.
   */
  ownsProcess?: boolean;
  /**
   * Stops a long-running command (`jadpo dev`) run inside another program, as Ctrl-C stops it when
   * it owns the process (absent: it runs until that program ends).
   */
  stop?: AbortSignal;
}

export interface KeyInput {
  /** Calls `onKey` with each key pressed (raw mode: no echo, no line buffering) until the returned stop is called. */
  listen(onKey: (key: string) => void): () => void;
}

/**
 * Standard input's keys, when it is a terminal. `process.stdin` is made only when they are listened
 * to (`--watch`): making it sets up a stream every run would otherwise pay for (build/README.md).
 */
function terminalKeys(): KeyInput | undefined {
  // node:tty is loaded here, not at start-up: only `--watch` asks (≈ 3 ms for every other run).
  const { isatty } = createRequire(import.meta.url)("node:tty") as typeof import("node:tty");
  if (!isatty(0)) return undefined;
  return {
    listen(onKey) {
      const stdin = process.stdin;
      const onData = (data: string) => {
        for (const key of data) onKey(key);
      };
      stdin.setRawMode(true);
      stdin.setEncoding("utf8");
      stdin.on("data", onData);
      stdin.resume();
      return () => {
        stdin.off("data", onData);
        stdin.setRawMode(false);
        stdin.pause();
      };
    },
  };
}

function streamOutput(stream: NodeJS.WriteStream): Output {
  return {
    write: (text) => void stream.write(text),
    isTTY: stream.isTTY === true,
    columns: stream.isTTY && stream.columns ? stream.columns : null,
  };
}

/** Standard input to its end, as bytes. */
async function readAll(stream: NodeJS.ReadStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The context of the running process. */
export function processContext(): CliContext {
  // Looked at once (absent when standard input is no terminal).
  let keys: { value: CliContext["keys"] } | undefined;
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: streamOutput(process.stdout),
    stderr: streamOutput(process.stderr),
    exitCode: 0,
    ownsProcess: true,
    // Looked at when a command listens for keys (`--watch`), not before.
    get keys() {
      return (keys ??= { value: terminalKeys() }).value;
    },
    // `process.stdin` is made only when read (as for `keys`).
    readStdin: () => readAll(process.stdin),
  };
}

/** A context that collects output in memory (tests); `stdin`: what standard input holds, if anything. */
export function memoryContext(cwd: string, env: Record<string, string | undefined> = {}, isTTY = false, stdin?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const context: CliContext = {
    cwd,
    env,
    stdout: { write: (text) => void out.push(text), isTTY, columns: isTTY ? 80 : null },
    stderr: { write: (text) => void err.push(text), isTTY, columns: isTTY ? 80 : null },
    exitCode: 0,
    ...(stdin === undefined ? {} : { readStdin: async () => new TextEncoder().encode(stdin) }),
  };
  return { context, stdout: () => out.join(""), stderr: () => err.join("") };
}
