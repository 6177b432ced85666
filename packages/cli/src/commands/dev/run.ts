// What `jadpo dev` does (docs/dev.md): build the project, serve it on 127.0.0.1, rebuild on every
// source change — keeping the last good build when an edit breaks it — and stop cleanly when
// told to. The terminal gets the URL, one line per request and per AI call, and the diagnostics
// of a bad edit.
import { basename } from "node:path";
import { renderErrorPlain } from "@jadpo/compiler";
import { DEV_CALL_LOG, DEV_STATE_NAMES, probeModel, removeStaleFiles, retriesText, UsageCounter, type DevAiOptions, type DevCall, type Probe } from "@jadpo/runtime/dev";
import type { CliContext } from "../../context.ts";
import { recordingKey } from "../../recording-key.ts";
import type { RecordingKey } from "@jadpo/runtime/recordings";
import { diskFull, isDiskFull } from "../../disk-full.ts";
import { reportInternalError } from "../../internal-error.ts";
import { terminalFor, type ColorMode, type Terminal } from "../../terminal.ts";
import { reportUsage } from "../../usage.ts";
import { projectOrReport } from "../../project.ts";
import { statePath } from "../../state-folder.ts";
import { timeLimit } from "../../options.ts";
import type { ActionAnswer } from "./actions.ts";
import { buildProject, type BuildResult, type DevBuild } from "./build.ts";
import type { FailedRequest } from "./page.ts";
import { createDevServer } from "./server.ts";
import { watchProject } from "../../watch-project.ts";
import { listenOn, listenProblem } from "../../listen-problem.ts";
import { compileErrorBlocks } from "../../compile-errors.ts";
import { plural } from "../../plural.ts";

export interface DevOptions {
  port: number;
  /** `30s` (validated by the flag's parser). */
  actionTimeout: string;
  color: ColorMode;
}

/**
 * One line per logged AI call: `  call_3 answer_question ← recording not_covered · 1 attempt · 4 ms · success`,
 * its retries (`· 2 retries: HTTP 503 waited 1000 ms, …`) after its attempts when it had any.
 */
export function callLine(call: DevCall): string {
  const reason = call.reason === undefined ? "" : `\n      because ${call.reason}`;
  const retries = call.retries === undefined ? "" : ` · ${retriesText(call.retries)}`;
  return `  ${call.id} ${call.prompt} ← ${call.source} · ${plural(call.attempts, "attempt")}${retries} · ${call.duration_ms} ms · ${call.outcome}${reason}`;
}

function printBuildErrors(result: Extract<BuildResult, { ok: false }>, context: CliContext, terminal: Terminal, displayPath: (file: string) => string): void {
  const { blocks, more } = compileErrorBlocks(result, displayPath, terminal.isTTY ? terminal.paint : null);
  context.stdout.write(`${blocks.join("\n\n")}\n\n${more === null ? "" : `${more}\n\n`}`);
}

/** A request that did not succeed, as /_dev lists it. */
function failedRequest(requestPath: string, answer: ActionAnswer): FailedRequest {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const name = requestPath.replace(/^\/actions\//, "").replace(/\/$/, "");
  let action = name;
  try {
    action = decodeURIComponent(name);
  } catch {
    // kept as sent
  }
  return {
    time: new Date().toISOString(), action, status: answer.status,
    code: typeof error?.code === "string" ? error.code : "unknown",
    message: typeof error?.message === "string" ? error.message : "",
    calls: answer.calls.map((c) => c.id),
  };
}

/** The start-up line about a sandbox: whether its model answers (never the key). */
function probeLine(probe: Probe, connection: string, prompts: readonly string[], paint: Terminal["paint"]): string {
  const names = prompts.map((p) => `\`${p}\``).join(", ");
  // "the model of connection `model`": init's connection is named `model`, and "model's model" reads badly.
  if (probe.answers) return `${paint.ok("✓")} sandbox: the model of connection \`${connection}\`, ${probe.model}, answers at ${probe.url} (sandboxed: ${names})`;
  const where = probe.url === null ? "" : ` at ${probe.url}`;
  return `${paint.alert("▲")} sandbox: the model of connection \`${connection}\`${where} doesn't answer: ${probe.why}; sandboxed prompts are faked until it does (${names})`;
}

/**
 * The recording key, read (or made) at the first AI call, then kept. One that can't be had is said
 * once; calls then match recordings by name only, as they would with no recording of their values.
 */
function devRecordingKey(root: string, env: CliContext["env"], onProblem: (message: string) => void): () => RecordingKey | null {
  let key: { value: RecordingKey | null } | undefined;
  return () => {
    if (key !== undefined) return key.value;
    try {
      key = { value: recordingKey(root, env) };
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      onProblem(`the recording key can't be read or made (${why}): calls match recordings by name only`);
      key = { value: null };
    }
    return key.value;
  };
}

/** Serves the project at `path` until `stop` aborts. Sets `context.exitCode`. */
export async function runDev(path: string | undefined, options: DevOptions, context: CliContext, stop: AbortSignal): Promise<void> {
  const terminal = terminalFor(context.stdout, context.env, options.color);
  const { paint } = terminal;
  const found = projectOrReport(context, path);
  if (found === null) return;
  const { root, displayPath } = found;
  const project = displayPath(".");
  // A dev process killed while writing left its lock or temporary file: nobody waits on those.
  // (findProject checked that `.jadpo/dev` is a real folder of the project.)
  removeStaleFiles(statePath(root, "dev"), DEV_STATE_NAMES);
  const usage = new UsageCounter(root);
  const print = (text: string) => context.stdout.write(`${text}\n`);
  // A full disk is said once, not at every request, until a call is logged again.
  let logFull = false;
  const onProblem = (message: string, error?: unknown): void => {
    if (!isDiskFull(error)) {
      context.stderr.write(`${paint.alert("▲")} ${message}\n`);
      return;
    }
    if (!logFull) context.stderr.write(`${renderErrorPlain(diskFull(error, displayPath(DEV_CALL_LOG), "the next call is logged (`jadpo dev` goes on serving meanwhile)"))}\n`);
    logFull = true;
  };
  const ai: DevAiOptions = {
    root,
    env: context.env,
    recordingKey: devRecordingKey(root, context.env, onProblem),
    usage,
    onCall: () => {
      logFull = false;
    },
    onProblem,
  };

  let current: DevBuild | null = null;
  const rebuild = (first: boolean) => {
    let result: BuildResult;
    try {
      result = buildProject(root, ai);
    } catch (error) {
      // Whatever a build throws, the server goes on with the build it has (docs/dev.md).
      reportInternalError(error, ["dev"], { ...context, exitCode: 0 });
      print(current === null
        ? `${paint.error("build failed:")} an internal error; actions answer 503 until the project builds`
        : `${paint.error("build failed:")} an internal error; still serving the last good build`);
      return;
    }
    if (result.ok) {
      current = result.build;
      if (!first) print(`${paint.ok("✓")} Rebuilt  ${plural(result.build.files, "file")} · ${plural(result.build.declarations, "declaration")}`);
      return;
    }
    printBuildErrors(result, context, terminal, displayPath);
    const count = plural(result.diagnostics.length + result.omitted, "error");
    print(current === null
      ? `${paint.error("build failed:")} ${count}; actions answer 503 until the project compiles`
      : `${paint.error("build failed:")} ${count}; still serving the last good build`);
  };
  rebuild(true);

  // What the terminal and internal-error reports show passes through the key's redaction.
  const withoutKey = (text: string): string => (current === null ? text : current.ai.echo.redact(text));
  // Kept while the server runs, for /_dev; the call log marks each failed request's calls too.
  const failed: FailedRequest[] = [];
  const server = createDevServer({
    root, project: basename(root), displayPath, usage, actionTimeout: timeLimit(options.actionTimeout),
    current: () => current,
    failed: () => failed,
    onAnswer(method: string, requestPath: string, answer: ActionAnswer) {
      if (answer.status !== 200) {
        failed.push(failedRequest(requestPath, answer));
        if (failed.length > 100) failed.splice(0, failed.length - 100);
      }
      const lines = [`${method} ${requestPath} → ${answer.status}`, ...answer.calls.map(callLine)];
      print(withoutKey(lines.join("\n")));
      if (answer.problem !== null) print(answer.problem);
      if (answer.internalError !== undefined) reportInternalError(answer.internalError, ["dev"], { ...context, exitCode: 0 }, withoutKey);
    },
    onInternalError(error: unknown) {
      reportInternalError(error, ["dev"], { ...context, exitCode: 0 }, withoutKey);
    },
  });

  const listening = await listenOn(server, options.port, "127.0.0.1");
  if (!listening.ok) {
    reportUsage(context, listenProblem(options.port, listening.code));
    context.exitCode = 1;
    return;
  }

  // Watching before any line is printed: whoever reads the start-up lines may edit at once, and
  // every folder's watch is in place when watchProject returns.
  const watcher = watchProject(root, () => rebuild(false));
  const url = `http://127.0.0.1:${listening.port}`;
  print(`${paint.ok("✓")} jadpo dev serving ${project} at ${url}`);
  // (`current` is assigned in `rebuild`; TypeScript can't see that from here.)
  const served = current as DevBuild | null;
  for (const name of served?.actions.keys() ?? []) print(`  POST ${url}/actions/${name}`);
  print(`  GET  ${url}/_dev  the AI call log`);
  print(`${paint.dim("→")} Ctrl-C stops it; a change to the project rebuilds it`);

  if (watcher === null) print(`${paint.alert("▲")} This system can't watch ${project} for changes: restart jadpo dev after editing`);

  // After the watcher (loading fetch takes a moment, and an edit then must not be missed):
  // said once it is known, without holding up the server.
  const sandbox = served?.program.connection ?? null;
  if (sandbox !== null && sandbox.sandbox.length > 0) {
    void probeModel(sandbox, context.env).then((probe) => print(probeLine(probe, sandbox.name, sandbox.sandbox, paint)));
  }

  await new Promise<void>((resolve) => {
    if (stop.aborted) return resolve();
    stop.addEventListener("abort", () => resolve(), { once: true });
  });
  watcher?.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  print("Stopped.");
  context.exitCode = 0;
}

/**
 * `jadpo dev` from the command line: serves until Ctrl-C or SIGTERM, which stop it cleanly. Run
 * inside another program (the in-process tests), it installs no signal handler and never exits the
 * process: `context.stop` stops it.
 */
export async function runDevCommand(path: string | undefined, options: DevOptions, context: CliContext): Promise<void> {
  if (context.ownsProcess !== true) return runDev(path, options, context, context.stop ?? new AbortController().signal);
  const stop = new AbortController();
  // `on`, not `once`: a handler that stays registered keeps other libraries' exit hooks
  // (proper-lockfile's) from re-raising the signal while the server closes.
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await runDev(path, options, context, stop.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  // A model request still in flight would keep the process alive until its timeout: once the
  // server is closed, give output a moment to drain, then leave.
  if (stop.signal.aborted) setTimeout(() => process.exit(context.exitCode), 500).unref();
}
