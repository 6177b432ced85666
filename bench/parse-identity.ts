// `tsx bench/parse-identity.ts --write <digests.json> | --compare <digests.json> [fuzz count] [--inputs <dir>]`:
// a digest of every `parseFile` result (syntax tree, diagnostics, omitted count) over a wide set
// of inputs, so a change made for speed can be shown to change nothing. Two digests per input:
// JSON with sorted keys (the values), and JSON in insertion order (the objects' shapes too).
// Inputs: every .jadpo/.jadpotest in the repository, every Jadpo block of the docs, the string
// and template literals of the test sources (rough extraction: any text is a fair input), the
// generated bench projects and parse corpus, seeded fuzz mutations (bench/fuzz/mutate.ts), and
// optionally a folder of captured inputs (one file each).
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseFile } from "../packages/compiler/src/syntax/parse-file.ts";
import type { FileKind } from "../packages/compiler/src/syntax/ast.ts";
import { fileKind } from "../packages/compiler/src/modules/load.ts";
import { generateCorpus } from "../packages/compiler/test/syntax/corpus.ts";
import { docPages, findBlocks, readPage } from "../packages/compiler/test/docs/blocks.ts";
import { writeJadpoProject } from "./scenarios/jadpo.ts";
import { writeCheckProject } from "./scenarios/check-project.ts";
import { inputRandom, isJadpoFile, mutateText, walkFiles } from "./fuzz/corpus.ts";

const repo = join(import.meta.dirname, "..");

interface Input {
  name: string;
  path: string;
  kind: FileKind;
  content: string | Uint8Array;
}

/** A Jadpo file's kind (every file here is one). */
const kindOf = (path: string): FileKind => fileKind(path) ?? "source";

function folderInputs(prefix: string, root: string): Input[] {
  return walkFiles(root, isJadpoFile).map((full) => {
    const path = relative(root, full);
    return { name: `${prefix}:${path}`, path, kind: kindOf(path), content: readFileSync(full) };
  });
}

/** String, single-quoted and template literals of a TypeScript text, roughly (no parser: any text will do). */
function literalsOf(ts: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = ts.length;
  while (i < n) {
    const c = ts[i];
    if (c === "/" && ts[i + 1] === "/") i = ts.indexOf("\n", i) < 0 ? n : ts.indexOf("\n", i);
    else if (c === "/" && ts[i + 1] === "*") i = ts.indexOf("*/", i + 2) < 0 ? n : ts.indexOf("*/", i + 2) + 2;
    else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      let text = "";
      let depth = 0;
      while (j < n) {
        const d = ts[j];
        if (d === "\\") {
          const e = ts[j + 1];
          text += e === "n" ? "\n" : e === "t" ? "\t" : e === "r" ? "\r" : e;
          j += 2;
        } else if (c === "`" && d === "$" && ts[j + 1] === "{") {
          depth = 1;
          j += 2;
          while (j < n && depth > 0) {
            if (ts[j] === "{") depth++;
            else if (ts[j] === "}") depth--;
            j++;
          }
          text += "x";
        } else if (d === c || (c !== "`" && d === "\n")) break;
        else {
          text += d;
          j++;
        }
      }
      if (text.length >= 6) out.push(text);
      i = j + 1;
    } else i++;
  }
  return out;
}

function literalInputs(): Input[] {
  const out: Input[] = [];
  const seen = new Set<string>();
  const files = walkFiles(join(repo, "packages"), (p) => p.endsWith(".ts") && (p.includes("/test/") || p.endsWith(".test.ts")));
  for (const full of files) {
    const rel = relative(repo, full);
    literalsOf(readFileSync(full, "utf8")).forEach((text, k) => {
      if (seen.has(text)) return;
      seen.add(text);
      out.push({ name: `literal:${rel}#${k}`, path: "domains/t/t.jadpo", kind: "source", content: text });
    });
  }
  return out;
}

function docInputs(): Input[] {
  const out: Input[] = [];
  for (const page of docPages()) {
    for (const block of findBlocks(page, readPage(page))) {
      if (block.lang !== "jadpo" && block.lang !== "jadpotest") continue;
      const path = block.file ?? `domains/snippet/snippet.${block.lang}`;
      out.push({ name: `doc:${page}:${block.line}`, path, kind: block.lang === "jadpotest" ? "test" : "source", content: block.code });
    }
  }
  return out;
}

function benchInputs(): Input[] {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-identity-"));
  try {
    writeJadpoProject(join(dir, "tests"), 2000);
    writeCheckProject(join(dir, "check"));
    return [...folderInputs("bench-tests", join(dir, "tests")), ...folderInputs("bench-check", join(dir, "check"))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeded mutations of the example's and the docs' sources, as `pnpm fuzz` makes them. */
function fuzzInputs(count: number, bases: Input[]): Input[] {
  const out: Input[] = [];
  const texts = bases.map((b) => ({ path: b.path, kind: b.kind, text: typeof b.content === "string" ? b.content : Buffer.from(b.content).toString("utf8") }));
  for (let input = 0; input < count; input++) {
    const r = inputRandom(0x5eed, input);
    const base = texts[Math.floor(r() * texts.length)];
    const { content, mutations } = mutateText(base.text, r);
    // Named by the text's mutations, as before `utf-8` was counted among them.
    const names = mutations.filter((name) => name !== "utf-8");
    out.push({ name: `fuzz#${input} ${names.join("+")}`, path: base.path, kind: base.kind, content });
  }
  return out;
}

/** JSON with keys sorted at every level. */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 24);

function digest(input: Input): string {
  let result: unknown;
  try {
    const parsed = parseFile(input.path, input.kind, input.content);
    result = { syntax: parsed.syntax, diagnostics: parsed.diagnostics, omitted: parsed.omitted, text: parsed.source.text.length };
  } catch (error) {
    result = { threw: String(error) };
  }
  return `${hash(sortedJson(result))} ${hash(JSON.stringify(result))}`;
}

const args = process.argv.slice(2);
const mode = args[0];
const file = args[1];
if ((mode !== "--write" && mode !== "--compare") || file === undefined) {
  console.error("usage: tsx bench/parse-identity.ts --write|--compare <digests.json> [fuzz count] [--inputs <dir>]");
  process.exit(2);
}
const fuzzCount = Number(args[2] ?? 3000);
const inputsAt = args.indexOf("--inputs");

const repoFiles = walkFiles(repo, isJadpoFile).map((full): Input => {
  const path = relative(repo, full);
  return { name: `repo:${path}`, path, kind: kindOf(path), content: readFileSync(full) };
});
const docs = docInputs();
const inputs: Input[] = [
  ...repoFiles,
  ...docs,
  ...literalInputs(),
  ...benchInputs(),
  { name: "corpus:1MB", path: "bench.jadpotest", kind: "test", content: generateCorpus(1024 * 1024) },
  ...fuzzInputs(fuzzCount, [...repoFiles, ...docs]),
];
if (inputsAt >= 0) {
  const dir = args[inputsAt + 1];
  for (const name of readdirSync(dir).sort()) inputs.push({ name: `captured:${name}`, path: "domains/c/c.jadpo", kind: "source", content: readFileSync(join(dir, name)) });
}

const started = performance.now();
const digests: Record<string, string> = {};
for (const input of inputs) {
  if (input.name in digests) throw new Error(`two inputs named ${input.name}`);
  digests[input.name] = digest(input);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const counts = new Map<string, number>();
for (const input of inputs) {
  const group = input.name.split(/[:#]/)[0];
  counts.set(group, (counts.get(group) ?? 0) + 1);
}
const summary = [...counts].map(([g, n]) => `${g} ${n}`).join(", ");
console.log(`${inputs.length} inputs (${summary}) digested in ${seconds} s`);

if (mode === "--write") {
  writeFileSync(file, JSON.stringify(digests, null, 1));
  console.log(`written to ${file}`);
} else {
  const expected = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const differ: string[] = [];
  for (const [name, d] of Object.entries(digests)) if (expected[name] !== undefined && expected[name] !== d) differ.push(name);
  const missing = Object.keys(expected).filter((name) => !(name in digests));
  const added = Object.keys(digests).filter((name) => !(name in expected));
  console.log(`${Object.keys(digests).length - added.length} compared: ${differ.length} differ, ${missing.length} missing, ${added.length} new`);
  for (const name of differ.slice(0, 20)) console.log(`  differs: ${name}`);
  if (differ.length > 0 || missing.length > 0) process.exit(1);
}
