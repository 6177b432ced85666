// A "run test" lens above each test, and the command it runs: `jadpo test <file>:<line>` in the
// project's folder, as a person would type it. The editor is told the summary line (as
// information when the test passed, as an error when not) and the whole output goes to its log.
import { spawn } from "node:child_process";
import { MessageType, ShowMessageNotification, type CodeLens, type Connection } from "vscode-languageserver";
import type { Here } from "./here.ts";
import { rangeOf } from "./paths.ts";

export const RUN_TEST_COMMAND = "jadpo.runTest";

export function testLenses(here: Here): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const decl of here.file.syntax.decls) {
    if (decl.kind !== "test") continue;
    const line = decl.span.line;
    lenses.push({
      range: rangeOf(decl.nameSpan, here.file.source),
      command: { title: "▶ run test", command: RUN_TEST_COMMAND, arguments: [here.project.root, here.file.path, line] },
    });
  }
  return lenses;
}

export interface TestRun {
  command: string;
  exitCode: number | null;
  output: string;
}

/** Runs `jadpo test <file>:<line>` in `root` with this process's own jadpo (its Node and its script). */
export function runTest(connection: Connection, args: unknown[]): Promise<TestRun> | null {
  const [root, file, line] = args;
  if (typeof root !== "string" || typeof file !== "string" || typeof line !== "number") return null;
  const selector = `${file}:${line}`;
  const command = `jadpo test ${selector}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], "test", selector], {
      cwd: root, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (output += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (output += text));
    const done = (exitCode: number | null) => {
      const summary = output.trim().split("\n").at(-1) ?? "";
      connection.console.log(`$ ${command}\n${output}`);
      const message = `${command}: ${summary}`;
      void connection.sendNotification(ShowMessageNotification.type, { type: exitCode === 0 ? MessageType.Info : MessageType.Error, message });
      resolve({ command, exitCode, output });
    };
    child.on("error", (error) => {
      output += String(error);
      done(null);
    });
    child.on("close", done);
  });
}
