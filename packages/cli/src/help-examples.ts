// The examples at the end of each command's `--help` (and `jadpo help <command>`), two or three
// each, by the command's path. program.ts adds them to every command; a test checks none is missing.

export const helpExamples: Record<string, readonly string[]> = {
  jadpo: [
    "jadpo check                          check the project in this folder",
    "jadpo test                           run every test",
    "jadpo help test                      the flags of `jadpo test`",
  ],
  check: [
    "jadpo check                          check the project in this folder",
    "jadpo check examples/support         check the project in that folder",
    "jadpo check --diagnostic-format json one JSON object, for tools",
  ],
  test: [
    "jadpo test -t refus --bail           tests named like `refus`, stop at the first failure",
    "jadpo test domains/support/actions/answer_customer.test.jadpo:6 --seed 7",
    "jadpo test --reporter pretty --reporter junit --output junit=reports/junit.xml",
  ],
  ai: [
    "jadpo ai show answer_question",
    "jadpo ai record answer_question --as not_covered",
  ],
  "ai record": [
    "jadpo ai record answer_question --as not_covered",
    "jadpo ai record answer_question --as sesame --fixture questions.sesame --force",
  ],
  "ai show": [
    "jadpo ai show answer_question        its version, calls and recordings",
    "jadpo ai show answer_question --render --fixture questions.sesame",
  ],
  dev: [
    "jadpo dev                            serve on http://127.0.0.1:3000",
    "jadpo dev --port 0                   serve on a free port",
  ],
  build: [
    "jadpo build                          app.mjs, app.d.mts and server.mjs in build/",
    "jadpo build --out dist/app           the same, in dist/app",
  ],
  serve: [
    "JADPO_SERVE_TOKEN=… jadpo serve --host 0.0.0.0 --port 8080",
    "jadpo serve --no-auth --port 0       this machine only, on a free port",
    "jadpo serve --workers 4              four processes on one port",
  ],
  lsp: [
    "jadpo lsp                            what an editor runs (docs/editors.md)",
    "jadpo lsp --stdio                    the same, as some editors spell it",
  ],
  fmt: [
    "jadpo fmt                            format the project here, listing the files it changed",
    "jadpo fmt --check examples/support   list the files not formatted, exit 1 if any (for CI)",
    "jadpo fmt --stdin < app.jadpo        print a file formatted",
  ],
  init: [
    "jadpo init my-app                    a new project in ./my-app",
    "jadpo init                           a new project in this (empty) folder",
  ],
};

/** The page that documents each command (its flags and what it prints). */
export const docsPages: Record<string, string> = {
  jadpo: "cli.md",
  check: "cli.md",
  test: "testing.md",
  ai: "cli-ai.md",
  "ai record": "cli-ai.md",
  "ai show": "cli-ai.md",
  dev: "dev.md",
  build: "production.md",
  serve: "production.md",
  lsp: "editors.md",
  fmt: "cli.md",
  init: "getting-started.md",
};

/**
 * The help text after the options: the examples, and the page that documents the command, with
 * the path of this install's copy when it has one (`docs` looks it up: only when help is shown).
 */
export function examplesText(path: string, docs: (page: string) => string | null): string | null {
  const examples = helpExamples[path];
  if (!examples) return null;
  const page = docsPages[path] ?? "cli.md";
  const copy = docs(page);
  const where = copy === null ? "" : ` (this install's copy: ${copy})`;
  return `\nExamples:\n${examples.map((line) => `  $ ${line}`).join("\n")}\n\nDocs: docs/${page} in the jadpo repository${where}`;
}
