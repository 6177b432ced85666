// The runtime README's retry snippet, as written, typechecks against the runtime's exports: it is
// compiled by tsc with declarations for the names it leaves to its reader (the program, the
// request and its one send, the signal, the log) and nothing else around it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, onTestFinished, test } from "vitest";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));

/** The names the snippet uses without defining them, as its comments describe them. */
const READER = `import type { ConnectionInfo, TransportFailure } from "@jadpo/compiler";
import type { TransportReply } from "@jadpo/runtime";
declare const program: { connection: ConnectionInfo | null };
declare const request: { prompt: string };
declare function sendOnce(request: { prompt: string }): Promise<{ text: string } | TransportReply>;
declare const signal: AbortSignal;
declare function log(n: number, waitMs: number, failure: TransportFailure): void;
`;

test("the README's retry snippet typechecks against @jadpo/runtime", () => {
  const readme = readFileSync(join(repo, "packages/runtime/README.md"), "utf8");
  const snippet = /## Retries: a policy on a clock\n[\s\S]*?```ts\n([\s\S]*?)```\n/.exec(readme);
  expect(snippet).not.toBeNull();
  expect(snippet![1]).toContain("sendWithRetries(");
  const folder = mkdtempSync(join(tmpdir(), "jadpo-readme-snippet-"));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  writeFileSync(join(folder, "package.json"), `${JSON.stringify({ type: "module", private: true })}\n`);
  writeFileSync(join(folder, "snippet.ts"), `${READER}${snippet![1]}\nexport {};\n`);
  const options = {
    strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, verbatimModuleSyntax: true,
    module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2023"],
    types: ["node"], typeRoots: [join(repo, "node_modules/@types")],
    paths: { "@jadpo/runtime": [join(repo, "packages/runtime/src/index.ts")], "@jadpo/compiler": [join(repo, "packages/compiler/src/index.ts")] },
  };
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["snippet.ts"] }));
  const checked = spawnSync(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: folder, encoding: "utf8" });
  expect(`${checked.stdout}${checked.stderr}`).toBe("");
  expect(checked.status).toBe(0);
}, 120_000);
