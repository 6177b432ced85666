// The catalogue's own checks (TypeScript's diagnosticMessages build checks, in tests): every id
// is well formed and unique, every docs/diagnostics.md id exists, and every rule is raised somewhere and
// tested somewhere. The last two name the missing rules in their failure message.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogue, ruleIds } from "../../src/diagnostics/catalogue/index.ts";
import { wordings, type RuleEntry } from "../../src/diagnostics/catalogue/rule-entry.ts";
import { syntaxRules } from "../../src/diagnostics/catalogue/syntax.ts";
import { moduleRules } from "../../src/diagnostics/catalogue/modules.ts";
import { typeRules } from "../../src/diagnostics/catalogue/types.ts";
import { aiRules } from "../../src/diagnostics/catalogue/ai.ts";
import { testCompileRules } from "../../src/diagnostics/catalogue/test-compile.ts";
import { testRunRules } from "../../src/diagnostics/catalogue/test-run.ts";
import { toolchainRules } from "../../src/diagnostics/catalogue/toolchain.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
const thisFile = fileURLToPath(import.meta.url);

/** docs/diagnostics.md, verbatim. */
const SPEC_IDS = `
syntax: expected unterminated_text bad_escape invalid_character bare_expression number_too_large
limit: file_too_large too_deep
module: not_found name_not_found import_cycle ambiguous
name: unknown duplicate casing reserved
type: mismatch unknown bad_constraint constraint_violated missing_field unknown_field not_comparable
failure: attempt_required attempt_needless undeclared stale match_not_exhaustive
function: impure
prompt: unknown_placeholder
ai: not_prompt_values prompt_mixed_use sandbox_unknown_prompt key_missing no_values unreachable model_error answer_undecodable recording_exists
test: fake_type fake_unknown_prompt fake_stream_item embedding_length recording_missing recording_undecodable fails_impossible assertion_failed unexpected_failure expected_failure fakes_exhausted fakes_unused no_tests
runtime: fault
toolchain: internal_error
cli: usage no_project
`
  .trim()
  .split("\n")
  .flatMap((line) => {
    const [category, names] = line.split(":");
    return names.trim().split(/\s+/).map((name) => `${category}.${name}`);
  });

function filesBelow(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === "node_modules" || name === "dist") continue;
      const path = join(folder, name);
      if (statSync(path).isDirectory()) pending.push(path);
      else if (keep(path)) out.push(path);
    }
  }
  return out;
}

function packageFiles(sub: "src" | "test", keep: (path: string) => boolean): string[] {
  const packages = join(repo, "packages");
  return readdirSync(packages).flatMap((pkg) => filesBelow(join(packages, pkg, sub), keep));
}

/** Which ids are missing from every one of `files`. */
function missingFrom(files: string[]): string[] {
  const text = files.map((file) => readFileSync(file, "utf8")).join("\n");
  return ruleIds.filter((id) => !text.includes(id));
}

/** Which ids no file raises: a rule counts as raised only where `diagnostic("<id>"` makes it. */
function notRaisedIn(files: string[]): string[] {
  const text = files.map((file) => readFileSync(file, "utf8")).join("\n");
  const raised = new Set([...text.matchAll(/\bdiagnostic\(\s*"([a-z_]+\.[a-z0-9_]+)"/g)].map((m) => m[1]));
  return ruleIds.filter((id) => !raised.has(id));
}

describe("the rule catalogue", () => {
  it("names every rule category.lower_snake", () => {
    const bad = ruleIds.filter((id) => !/^[a-z]+(?:_[a-z]+)*\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(id));
    expect(bad).toEqual([]);
  });

  it("has every id of docs/diagnostics.md", () => {
    expect(SPEC_IDS.filter((id) => !(id in catalogue))).toEqual([]);
  });

  it("has no id in two category files", () => {
    const parts = [syntaxRules, moduleRules, typeRules, aiRules, testCompileRules, testRunRules, toolchainRules].map((part) => Object.keys(part));
    const seen = new Map<string, number>();
    for (const ids of parts) for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([]);
    expect(parts.flat().length).toBe(ruleIds.length);
  });

  it("gives every rule (and each of its variants) a summary, a reason, a next step and an owner", () => {
    for (const id of ruleIds) {
      const entry: RuleEntry = catalogue[id];
      expect(entry.reason, id).toMatch(/\.$/);
      expect(["agent", "human", "compiler"], id).toContain(entry.owner);
      for (const { variant, wording } of wordings(entry)) {
        expect(wording.summary, `${id} ${variant ?? ""}`).not.toBe("");
        // A summary that is one slot would let the call site say anything.
        expect(wording.summary, `${id} ${variant ?? ""}`).not.toMatch(/^\{\w+\}$/);
        expect(wording.next, `${id} ${variant ?? ""}`).not.toMatch(/\.$/);
      }
    }
  });

  it("raises every rule somewhere in the toolchain's source", () => {
    const sources = packageFiles("src", (path) => path.endsWith(".ts") && !path.includes(`${join("diagnostics", "catalogue")}`));
    const missing = notRaisedIn(sources);
    expect(missing, `rules no source file raises with diagnostic("<id>", …):\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  it("tests every rule in at least one test file under packages/*/test", () => {
    const tests = packageFiles("test", (path) => path.endsWith(".ts") && path !== thisFile);
    const missing = missingFrom(tests);
    const where = relative(repo, join(repo, "packages"));
    expect(missing, `rules no test under ${where}/*/test mentions:\n  ${missing.join("\n  ")}`).toEqual([]);
  });
});
