// docs/editors.md's VS Code settings, as pasted into settings.json: each names a language the
// extension contributes and a setting that exists — the extension's own, or one of VS Code's
// editor settings, which apply to the extension's language because its server formats documents.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { repo } from "../support/jadpo.ts";

interface Manifest {
  name: string;
  publisher: string;
  contributes: { languages: { id: string }[]; configuration: { title: string; properties: Record<string, unknown> } };
}

const manifest = JSON.parse(readFileSync(join(repo, "editors/vscode/package.json"), "utf8")) as Manifest;
const page = readFileSync(join(repo, "docs/editors.md"), "utf8");

/** VS Code's own settings the page may name, and the value each must have for the extension. */
const BUILT_IN: Record<string, (value: unknown) => boolean> = {
  "editor.formatOnSave": (value) => typeof value === "boolean",
  "editor.defaultFormatter": (value) => value === `${manifest.publisher}.${manifest.name}`,
};

test("the page's settings.json lines name the extension's language and settings that exist", () => {
  const vscode = page.slice(page.indexOf("## VS Code"), page.indexOf("## Neovim"));
  const blocks = [...vscode.matchAll(/```json\n([\s\S]*?)```\n/g)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThan(0);
  const languages = manifest.contributes.languages.map((language) => language.id);
  for (const block of blocks) {
    // A fragment of settings.json: the lines inside its outer braces.
    const settings = JSON.parse(`{${block}}`) as Record<string, Record<string, unknown>>;
    for (const [key, inner] of Object.entries(settings)) {
      expect(key).toMatch(/^\[.+\]$/);
      expect(languages).toContain(key.slice(1, -1));
      for (const [name, value] of Object.entries(inner)) {
        const known = name in manifest.contributes.configuration.properties || BUILT_IN[name]?.(value) === true;
        expect(known, `${name}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  }
});

test("the setting the page names in words is the extension's, under the title VS Code shows", () => {
  const named = /\*\*(\w+): (\w+)\*\*\s*\(`([\w.]+)`\)/.exec(page.replace(/\n/g, " "));
  expect(named).not.toBeNull();
  const [, title, label, id] = named!;
  expect(title).toBe(manifest.contributes.configuration.title);
  expect(id).toBe(`jadpo.${label.toLowerCase()}`);
  expect(manifest.contributes.configuration.properties).toHaveProperty([id]);
});
