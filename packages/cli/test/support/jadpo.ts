// The ways tests run `jadpo`, with one environment policy and one `Run` type. By default a test
// runs the command line in this process (`runJadpoHere`: the commands' own code, no node start-up,
// no build; `RunningJadpoHere` for a long-running `jadpo dev`). A test about the process itself
// (signals, exit of the built bin, worker threads, a real terminal, the network ban) runs the
// BUILT binary (bin/jadpo.mjs): `runJadpo` blocks, `runJadpoAsync` doesn't (for a fake model
// server living in this process), `RunningJadpo` keeps a long-running `jadpo` (dev, test --watch).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { memoryContext, type CliContext } from "../../src/context.ts";
import { reportInternalError } from "../../src/internal-error.ts";
import { runCli } from "../../src/program.ts";

/** The repository root and the built binary every e2e test runs. */
export const repo = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
export const bin = join(repo, "packages/cli/bin/jadpo.mjs");

/** What one run gave. `code` is null when the process was killed. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface JadpoOptions {
  cwd: string;
  /** Added to the clean environment; `undefined` removes a variable (`NO_COLOR: undefined`). */
  env?: Record<string, string | undefined>;
  /** Standard input (none when absent). */
  input?: string;
  /** Leave standard input open for the test to write to (`jadpo lsp`). */
  keepStdin?: boolean;
}

/** The variables a child keeps from this process: what node and temp folders need, nothing else. */
const KEPT = ["PATH", "HOME", "TMPDIR", "TEMP", "TMP", "SYSTEMROOT", "USERPROFILE"];

/**
 * The environment of every run: clean (no JADPO_*, OPENAI_*, keys or colour settings of the
 * developer's shell), NO_COLOR=1, then the test's own variables.
 */
export function jadpoEnv(env: Record<string, string | undefined> = {}): Record<string, string> {
  const out: Record<string, string> = { NO_COLOR: "1" };
  for (const name of KEPT) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** Runs `jadpo <args>` to the end, blocking this process; `nodeArgs` go to node, before the bin (`--import` a probe). */
export function runJadpo(args: string[], options: JadpoOptions & { nodeArgs?: string[] }): Run {
  const run = spawnSync(process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
    cwd: options.cwd, env: jadpoEnv(options.env), input: options.input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A word for `sh -c`, quoted. */
const shWord = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * Starts `jadpo <args>` as a child with the same environment policy (stdin closed unless `input`).
 * `terminal`: inside a pseudo-terminal made by util-linux `script`, so jadpo's standard input and
 * output are a TTY (watch mode's keys); stdin stays open for `RunningJadpo.press`.
 */
export function spawnJadpo(args: string[], options: JadpoOptions & { terminal?: boolean }): ChildProcessWithoutNullStreams {
  if (options.terminal) {
    const command = ["exec", process.execPath, bin, ...args].map(shWord).join(" ");
    return spawn("script", ["-qfec", command, "/dev/null"], { cwd: options.cwd, env: jadpoEnv(options.env) });
  }
  const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd, env: jadpoEnv(options.env) });
  if (options.input !== undefined) child.stdin.write(options.input);
  if (!options.keepStdin) child.stdin.end();
  return child;
}

/** Runs `jadpo <args>` to the end without blocking this process; killed after `timeoutMs`. */
export function runJadpoAsync(args: string[], options: JadpoOptions & { timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnJadpo(args, options);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (stderr += text));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs many command lines, a few at a time; the runs come back in order. */
export async function runJadpoAll(runs: { args: string[]; options: JadpoOptions }[], atOnce = 4): Promise<Run[]> {
  const results: Run[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const i = next++;
      results[i] = await runJadpoAsync(runs[i].args, runs[i].options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, runs.length) }, worker));
  return results;
}

/** What of this process a command run here must leave as it found it. */
function processState(): string {
  return JSON.stringify({ cwd: process.cwd(), exitCode: process.exitCode ?? null, env: Object.entries(process.env).sort() });
}

/**
 * A command line run in `context`, as bin/jadpo.mjs would run it: an unexpected exception is a
 * `toolchain.internal_error`. A command that changed this process's directory, environment or
 * exit code fails the test: it would leak into the tests after it.
 */
async function runHere(args: string[], context: CliContext): Promise<number> {
  const before = processState();
  let code: number;
  try {
    code = await runCli(args, context);
  } catch (error) {
    code = reportInternalError(error, args, context);
  }
  if (processState() !== before) throw new Error(`jadpo ${args.join(" ")} changed this process's directory, environment or exit code`);
  return code;
}

/** A context like the built binary's, with output kept in memory: its environment policy, and a disk cache. */
function contextHere(options: JadpoOptions): ReturnType<typeof memoryContext> {
  if (options.keepStdin) throw new Error("a command run here keeps no standard input open: run the built binary (spawnJadpo)");
  // The built binary keeps a disk cache unless told not to; from sources only JADPO_CACHE=on keeps one.
  return memoryContext(options.cwd, jadpoEnv({ JADPO_CACHE: "on", ...options.env }), false, options.input);
}

/** The same command line run in this process, as bin/jadpo.mjs would run it, with the same environment policy. */
export async function runJadpoHere(args: string[], options: JadpoOptions): Promise<Run> {
  const { context, stdout, stderr } = contextHere(options);
  const code = await runHere(args, context);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** Many command lines run here, one after another (in one thread, at once would gain nothing); in order. */
export async function runJadpoAllHere(runs: { args: string[]; options: JadpoOptions }[]): Promise<Run[]> {
  const results: Run[] = [];
  for (const { args, options } of runs) results.push(await runJadpoHere(args, options));
  return results;
}

/** A long-running `jadpo`'s output so far and waits on it, whether it runs in a child or here. */
abstract class LongRunning {
  code: number | null = null;
  exited = false;

  abstract get stdout(): string;
  abstract get stderr(): string;
  /** Stops it (bounded) and returns its exit code. */
  abstract stop(): Promise<number | null>;

  /** Waits until standard output and error together match `pattern` `count` times, or fails after `ms`. */
  async waitFor(pattern: RegExp, count = 1, ms = 30_000): Promise<void> {
    const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
    const found = () => (`${this.stdout}${this.stderr}`.match(global) ?? []).length >= count;
    await waitUntil(`${pattern} ×${count}`, () => found() || this.exited, ms);
    if (!found()) throw new Error(`jadpo exited (${this.code}) before ${pattern} ×${count}; output so far:\n${this.stdout}${this.stderr}`);
  }
}

/** A long-running `jadpo` (`test --watch`, `dev`) in a child process: its output so far, waits on it, and a bounded stop. */
export class RunningJadpo extends LongRunning {
  private out = "";
  private err = "";
  private readonly done: Promise<void>;
  readonly child: ChildProcessWithoutNullStreams;

  constructor(args: string[], options: JadpoOptions & { terminal?: boolean }) {
    super();
    this.child = spawnJadpo(args, options);
    this.child.stdout.setEncoding("utf8").on("data", (text: string) => void (this.out += text));
    this.child.stderr.setEncoding("utf8").on("data", (text: string) => void (this.err += text));
    this.done = new Promise((resolve) => this.child.once("exit", (code) => {
      this.code = code;
      this.exited = true;
      resolve();
    }));
  }

  get stdout(): string {
    return this.out;
  }

  get stderr(): string {
    return this.err;
  }

  /** Waits `ms`, or until it exits by itself if that is sooner. */
  async exitedOrAfter(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.done, new Promise<void>((resolve) => void (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Types a key on its standard input (a terminal's key press when started with `terminal`). */
  press(key: string): void {
    this.child.stdin.write(key);
  }

  /** SIGTERM, then SIGKILL if it hasn't exited within 5 s; the exit code. */
  async stop(): Promise<number | null> {
    if (!this.exited) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
      await this.done;
      clearTimeout(timer);
    }
    return this.code;
  }
}

/**
 * A long-running `jadpo` (`dev`) run in this process, as `runJadpoHere` runs a command: `stop`
 * does what Ctrl-C does to the built binary (the command's `context.stop`), and fails the test if
 * the command failed here or changed this process.
 */
export class RunningJadpoHere extends LongRunning {
  private readonly output: ReturnType<typeof memoryContext>;
  private readonly stopper = new AbortController();
  private readonly done: Promise<void>;
  private failure: { error: unknown } | null = null;

  constructor(args: string[], options: JadpoOptions) {
    super();
    this.output = contextHere(options);
    this.output.context.stop = this.stopper.signal;
    const ended = () => {
      this.exited = true;
    };
    this.done = runHere(args, this.output.context).then(
      (code) => {
        this.code = code;
        ended();
      },
      (error: unknown) => {
        this.failure = { error };
        ended();
      },
    );
  }

  get stdout(): string {
    return this.output.stdout();
  }

  get stderr(): string {
    return this.output.stderr();
  }

  async stop(): Promise<number | null> {
    this.stopper.abort();
    await this.done;
    if (this.failure !== null) throw this.failure.error;
    return this.code;
  }
}

/** Polls `check` until it holds, or fails naming `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
