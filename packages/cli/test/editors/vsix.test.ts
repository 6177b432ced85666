// The VS Code extension packs to a .vsix with @vscode/vsce, with nothing fetched: the client is
// bundled with its dependencies, so vsce lists none. The package holds the manifest (both file
// extensions, the grammar, the language configuration), the grammar and the bundled client. It is
// built in a temp folder (`--out-dir`), never in the checkout, so runs at once don't meet.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { repo } from "../support/jadpo.ts";

test("the extension packs to a .vsix holding its manifest, grammar, configuration and client", () => {
  const temp = mkdtempSync(join(tmpdir(), "jadpo-vsix-"));
  onTestFinished(() => rmSync(temp, { recursive: true, force: true }));
  const [built, out] = [join(temp, "extension"), join(temp, "jadpo.vsix")];
  const inCheckout = () => statSync(join(repo, "editors/vscode/dist/extension.js"), { throwIfNoEntry: false })?.mtimeMs ?? null;
  const before = inCheckout();
  const run = spawnSync(process.execPath, [join(repo, "editors/vscode/build.mjs"), "--out-dir", built, "--vsix", out], { encoding: "utf8" });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  expect(inCheckout(), "the checkout's editors/vscode/dist/ is left as it was").toBe(before);
  const zip = readFileSync(out).toString("latin1");
  for (const name of [
    "extension.vsixmanifest", "extension/package.json", "extension/language-configuration.json",
    "extension/syntaxes/jadpo.tmLanguage.json", "extension/dist/extension.js",
  ]) expect(zip).toContain(name);
  expect(zip).not.toContain("extension/src/");
  expect(zip).not.toContain("extension/node_modules/");

  const manifest = JSON.parse(readFileSync(join(repo, "editors/vscode/package.json"), "utf8"));
  expect(manifest.contributes.languages[0]).toMatchObject({ id: "jadpo", extensions: [".jadpo", ".jadpotest"], configuration: "./language-configuration.json" });
  expect(manifest.contributes.grammars[0]).toEqual({ language: "jadpo", scopeName: "source.jadpo", path: "./syntaxes/jadpo.tmLanguage.json" });
  const bundle = readFileSync(join(built, "dist/extension.js"), "utf8");
  expect(bundle).toContain('"lsp"');
  // "Jadpo: Restart language server": contributed, and registered by the client under that id.
  expect(manifest.contributes.commands).toEqual([{ command: "jadpo.restartServer", title: "Restart language server", category: "Jadpo" }]);
  expect(bundle).toContain('"jadpo.restartServer"');
});

test("the README installs the file the packaging writes", () => {
  const manifest = JSON.parse(readFileSync(join(repo, "editors/vscode/package.json"), "utf8"));
  const written = /--vsix (\S+)/.exec(manifest.scripts.package)![1];
  const readme = readFileSync(join(repo, "editors/vscode/README.md"), "utf8");
  expect(readme).toContain(`code --install-extension editors/vscode/${written}`);
  expect(readFileSync(join(repo, "docs/editors.md"), "utf8")).toContain(`code --install-extension editors/vscode/${written}`);
});
