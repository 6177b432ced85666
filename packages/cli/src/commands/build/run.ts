// What `jadpo build` does (docs/production.md): compile the project (its diagnostics and exit 1
// when it doesn't compile, and nothing written), take the program a build ships — no tests,
// fixtures or recordings — and write `app.mjs` (the runtime's bundle with the program in it),
// `app.d.mts` (its declarations) and `server.mjs`, each atomically.
import { join, relative, resolve } from "node:path";
import { compileProject, diagnostic, renderErrorPlain, slashPath, sourceLookup, type Diagnostic } from "@jadpo/compiler";
import { declarationsOf, encodeProgram, programForBuild } from "@jadpo/runtime/app";
import { writeFileAtomic } from "@jadpo/runtime/recordings";
import type { CliContext } from "../../context.ts";
import { diskFull, failedPath, isDiskFull } from "../../disk-full.ts";
import { nodeHost } from "../../node-host.ts";
import { projectOrReport } from "../../project.ts";
import { terminalFor, type ColorMode } from "../../terminal.ts";
import { compileFailureText } from "../../compile-errors.ts";
import { productionModules } from "../../toolchain.ts";
import { plural } from "../../plural.ts";

export interface BuildOptions {
  /** The folder to write to, from the current directory; default `build/` at the project's root. */
  out?: string;
  color: ColorMode;
}

/** The three files of a build, by name. */
async function buildFiles(shipped: ReturnType<typeof programForBuild>): Promise<Record<string, string>> {
  const modules = await productionModules();
  // Split, not replace: the program's text may hold `$&` and the like.
  const [before, after] = modules.app.split(modules.programMarker);
  return {
    "app.mjs": `${before}${JSON.stringify(encodeProgram(shipped.program, shipped.replaced))}${after}`,
    "app.d.mts": declarationsOf(shipped.program),
    "server.mjs": modules.server,
  };
}

function writeProblem(error: unknown, out: string, context: CliContext): Diagnostic {
  if (isDiskFull(error)) return diskFull(error, failedPath(error, context.cwd), "build again");
  const shown = slashPath(relative(context.cwd, out)) || ".";
  const code = (error as { code?: unknown } | null)?.code;
  return diagnostic("cli.build_unwritable", null, { path: shown, why: typeof code === "string" ? code : error instanceof Error ? error.message : String(error) });
}

export async function runBuild(path: string | undefined, options: BuildOptions, context: CliContext): Promise<void> {
  const terminal = terminalFor(context.stdout, context.env, options.color);
  const { paint } = terminal;
  const project = projectOrReport(context, path);
  if (project === null) return;
  const { root, displayPath } = project;
  const result = compileProject(nodeHost, root);
  if (result.program === null || result.diagnostics.length > 0) {
    const failure = compileFailureText({ ...result, source: sourceLookup(result.graph) }, displayPath, terminal.isTTY ? paint : null, paint.error("build failed:"));
    context.stdout.write(`${failure}, nothing written\n`);
    context.exitCode = 1;
    return;
  }
  const out = options.out === undefined ? join(root, "build") : resolve(context.cwd, options.out);
  const shipped = programForBuild(result.program);
  const files = await buildFiles(shipped);
  try {
    for (const [name, text] of Object.entries(files)) writeFileAtomic(join(out, name), text);
  } catch (error) {
    context.stderr.write(`${renderErrorPlain(writeProblem(error, out, context))}\n`);
    context.exitCode = 1;
    return;
  }
  const shown = (name: string) => slashPath(relative(context.cwd, join(out, name)));
  const actions = shipped.program.graph.files.flatMap((f) => f.syntax.decls).filter((d) => d.kind === "action").length;
  const kib = Math.ceil(Buffer.byteLength(files["app.mjs"]) / 1024);
  context.stdout.write([
    `${paint.ok("✓")} Built ${displayPath(".")}  ${plural(actions, "action")} · app.mjs ${kib} KiB`,
    `    module        ${shown("app.mjs")}`,
    `    declarations  ${shown("app.d.mts")}`,
    `    server        ${shown("server.mjs")}`,
    `${paint.dim("→")} node ${shown("server.mjs")} --port 8080  serves it; import { createApp } from its app.mjs to call it from TypeScript`,
    "",
  ].join("\n"));
  context.exitCode = 0;
}
