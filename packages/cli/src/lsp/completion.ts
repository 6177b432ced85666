// Completion, read from the text before the cursor (while typing, the file rarely parses) and
// the last compile: `use` module paths and their names, `recorded("…")` names, `ai.<prompt>`
// keys and item words in `fakes:`, members after a dot, a record literal's fields, and
// otherwise every name in scope.
import {
  AI_FAILURE_WORDS, FAKE_ITEM_KINDS, objectOf, printType, GROUP_SHADOWED_NAMESPACES, LIBRARY_FUNCTIONS, NAMESPACES, buildPrelude, PRELUDE_TYPE_NAMES, STOP_WORDS, TRANSPORT_FAILURE_WORDS, keywordNames,
  valuesTypeName, type DeclRef, type FakeItemKind, type TransportFailureWord, type LoadedFile, type ModuleGraph, type SourceFile,
} from "@jadpo/compiler";
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from "vscode-languageserver";
import type { Compiled } from "./project.ts";
import type { Here } from "./here.ts";
import { positionAt } from "./paths.ts";
import { localType } from "./local-type.ts";

/**
 * The snippet offered for each kind of scripted item, labelled with the kind; null for a kind
 * without a word of its own (a literal value) or offered as its words (the failure words). A new
 * kind fails the typecheck here until it is given its entry.
 */
const ITEM_SNIPPETS: Record<FakeItemKind, string | null> = {
  value: null,
  failure: null,
  malformed: "malformed",
  raw: 'raw("$1")',
  recorded: 'recorded("$1")',
  partial: 'partial("$1", ${2:refused})',
  // Offered as its three words, only in the script of a prompt with tools (TOOL_ITEM_SNIPPETS).
  calls: null,
  // Offered as its words (TRANSPORT_ITEM_SNIPPETS).
  transport: null,
  // Offered in the form its script takes (WHEN_SNIPPETS).
  when: null,
  // Offered only in `ai.embed`'s script (EMBED_ITEM_SNIPPETS).
  like: null,
  generated: "generated",
};

/** A `when` item: a prompt's matches fields of its values, `ai.embed`'s a text. */
const WHEN_SNIPPETS = { prompt: "when { $1 } => $2", embed: 'when "$1" => $2' } as const;

/** The items only `ai.embed`'s script takes. */
const EMBED_ITEM_SNIPPETS: readonly [string, string][] = [["like", 'like("$1")']];

/** A transport failure's item, by its word. */
const TRANSPORT_ITEM_SNIPPETS: Record<TransportFailureWord, string> = { unavailable: "unavailable", rate_limited: "rate_limited(${1:20s})" };

/** A tool-calling step's item words, for a prompt with tools. */
const TOOL_ITEM_SNIPPETS: readonly [string, string][] = [["call", "call $1"], ["calls", "calls [$1]"], ["raw_call", 'raw_call("$1", "$2")']];

export interface CompletionInput {
  compiled: Compiled;
  file: LoadedFile;
  /** The buffer as it is now (normalised as the compiler reads it), and the cursor's offset in it. */
  source: SourceFile;
  text: string;
  offset: number;
}

/** Whether the end of `line` is inside a one-line text (`"…`) or a `//` comment. */
function inTextOrComment(line: string): boolean {
  let inText = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inText) {
      if (c === "\\") i++;
      else if (c === '"') inText = false;
    } else if (c === '"') inText = true;
    else if (c === "/" && line[i + 1] === "/") return true;
  }
  return inText;
}

export function completions(here: Here): CompletionItem[] {
  return completionsIn({ compiled: here.compiled, file: here.file, source: here.live, text: here.live.text, offset: here.liveOffset });
}

function completionsIn(input: CompletionInput): CompletionItem[] {
  const before = input.text.slice(0, input.offset);
  const line = before.slice(before.lastIndexOf("\n") + 1);
  const replace = (length: number): Range => {
    const start = positionAt(input.source, input.offset - length);
    return { start, end: positionAt(input.source, input.offset) };
  };
  const graph = input.compiled.result.graph;

  const usePath = /^\s*use\s+([\w/]*)$/.exec(line);
  if (usePath) return modulePaths(graph).map((module) => ({ label: module, kind: CompletionItemKind.Module, textEdit: { range: replace(usePath[1].length), newText: module } }));
  const useNames = /^\s*use\s+([\w/]+)\s*\{[^}]*?(\w*)$/.exec(line);
  if (useNames) return namesOfModule(graph, useNames[1]).map(([name, ref]) => item(name, ref));

  const recorded = /recorded\(\s*"(\w*)$/.exec(line);
  if (recorded) {
    const prompt = lastMatch(/ai\.(\w+)\s*:/g, before);
    return (graph.recordings ?? [])
      .filter((r) => prompt === null || r.promptName === prompt)
      .map((r) => ({ label: r.name, kind: CompletionItemKind.File, detail: r.path, textEdit: { range: replace(recorded[1].length), newText: r.name } }));
  }

  // Inside a text or a comment, no name fits (`recorded("…")` names were offered above).
  if (inTextOrComment(line)) return [];

  if (inFakes(before)) {
    const key = /^\s*((?:ai\.)?\w*)$/.exec(line);
    // The last entry's script opened before the cursor (its items may hold `field:`s of their own).
    const entryStart = [...before.matchAll(/\bai\.\w+\s*:\s*\[/g)].at(-1)?.index ?? -1;
    const openItems = entryStart >= 0 && count(before.slice(entryStart), "[") > count(before.slice(entryStart), "]");
    if (openItems) {
      const scripted = lastMatch(/ai\.(\w+)\s*:/g, before);
      // Inside a scripted record (an answer, a tool's arguments), or a `when`'s braces (the prompt's values): its fields.
      const fields = recordFields(input, before, scripted);
      if (fields) return fields;
      const word = /(\w*)$/.exec(line)![1];
      const tools = (scripted === null ? undefined : input.compiled.program?.prompts.get(scripted)?.tools) ?? [];
      // After `call ` (or inside `calls [`), the prompt's tools, each with its arguments record to fill in.
      if (/(?:\bcall\s+|\bcalls\s*\[(?:[^\]]*,)?\s*)\w*$/.test(line)) {
        return tools.map((t) => ({
          label: t.name, kind: CompletionItemKind.Function, detail: t.description, insertTextFormat: InsertTextFormat.Snippet,
          textEdit: { range: replace(word.length), newText: `${t.name}(${printType(t.argsType)} { $1 })` },
        }));
      }
      const toolWords = tools.length === 0 ? [] : TOOL_ITEM_SNIPPETS.map(([label, newText]) => ({
        label, kind: CompletionItemKind.Keyword, insertTextFormat: InsertTextFormat.Snippet, textEdit: { range: replace(word.length), newText },
      }));
      return [
        ...AI_FAILURE_WORDS.map((w) => ({ label: w, kind: CompletionItemKind.Keyword, detail: "the fake answers with this failure" })),
        ...TRANSPORT_FAILURE_WORDS.map((label) => ({
          label, kind: CompletionItemKind.Keyword, detail: "the request fails in transport, and is retried", insertTextFormat: InsertTextFormat.Snippet,
          textEdit: { range: replace(word.length), newText: TRANSPORT_ITEM_SNIPPETS[label] },
        })),
        ...FAKE_ITEM_KINDS.flatMap((label) => {
          const snippet = ITEM_SNIPPETS[label];
          return snippet === null ? [] : [{
            label, kind: CompletionItemKind.Keyword, insertTextFormat: InsertTextFormat.Snippet, textEdit: { range: replace(word.length), newText: snippet },
          }];
        }),
        ...toolWords,
        ...(scripted === "embed" ? EMBED_ITEM_SNIPPETS : []).map(([label, newText]) => ({
          label, kind: CompletionItemKind.Keyword, detail: "the fake embedding of this text", insertTextFormat: InsertTextFormat.Snippet,
          textEdit: { range: replace(word.length), newText },
        })),
        {
          label: "when", kind: CompletionItemKind.Keyword, detail: "items for the calls it matches", insertTextFormat: InsertTextFormat.Snippet,
          textEdit: { range: replace(word.length), newText: WHEN_SNIPPETS[scripted === "embed" ? "embed" : "prompt"] },
        },
      ];
    }
    if (key) {
      const prompts = promptNames(graph).map((p) => `ai.${p}`);
      return [...prompts, "ai.embed"].map((label) => ({
        label, kind: CompletionItemKind.Property, textEdit: { range: replace(key[1].length), newText: `${label}: [$1]` }, insertTextFormat: InsertTextFormat.Snippet,
      }));
    }
  }

  const member = /([A-Za-z_]\w*)\.((?:\w+\.)?)(\w*)$/.exec(line);
  if (member) {
    const items = memberItems(input, member[1], member[2].replace(/\.$/, ""));
    if (items.length > 0) return items;
    // A value's record fields: `reply.`, `reply.order.`.
    const chain = /([a-z_]\w*(?:\.\w+)*)\.\w*$/.exec(line)![1].split(".");
    return valueFields(input, chain);
  }

  const fields = recordFields(input, before);
  if (fields) return fields;
  return scopeItems(input);
}

/** The prelude's AI failures: the program's, or the prelude's own before any compile got that far. */
export function aiFailures(compiled: Compiled) {
  return compiled.program?.aiFailures ?? buildPrelude([], "").aiFailures;
}

/** Every prompt of the project, from the syntax (a file that doesn't check still declares them). */
function promptNames(graph: ModuleGraph): string[] {
  return graph.files.flatMap((f) => f.syntax.decls.flatMap((d) => (d.kind === "prompt" ? [d.name.name] : [])));
}

function lastMatch(pattern: RegExp, text: string): string | null {
  let found: string | null = null;
  for (const m of text.matchAll(pattern)) found = m[1];
  return found;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Whether the cursor is inside a `fakes: { … }` block that is still open. */
function inFakes(before: string): boolean {
  const at = before.lastIndexOf("fakes:");
  if (at < 0) return false;
  const after = before.slice(at);
  return count(after, "{") > count(after, "}");
}

function modulePaths(graph: ModuleGraph): string[] {
  const modules = new Set<string>();
  for (const file of graph.files) {
    if (file.kind !== "source" || !file.path.startsWith("domains/")) continue;
    modules.add(file.fileModule);
    if (file.folderModule !== "") modules.add(file.folderModule);
  }
  return [...modules].sort();
}

function namesOfModule(graph: ModuleGraph, module: string): [string, DeclRef][] {
  const out: [string, DeclRef][] = [];
  for (const file of graph.files) {
    if (file.kind !== "source" || (file.fileModule !== module && file.folderModule !== module)) continue;
    for (const decl of file.syntax.decls) {
      if (decl.kind === "use" || decl.kind === "test" || decl.kind === "locales") continue;
      out.push([decl.name.name, { kind: "decl", decl, file }]);
      if (decl.kind === "prompt") out.push([valuesTypeName(decl.name.name), { kind: "prompt_values", prompt: decl, file }]);
    }
  }
  return out;
}

function kindOf(ref: DeclRef): CompletionItemKind {
  if (ref.kind === "prompt_values") return CompletionItemKind.Struct;
  switch (ref.decl.kind) {
    case "type": return ref.decl.body.kind === "enum" ? CompletionItemKind.Enum : CompletionItemKind.Struct;
    case "failure": return CompletionItemKind.Event;
    case "function":
    case "action": return CompletionItemKind.Function;
    case "prompt": return CompletionItemKind.Interface;
    case "fixtures": return CompletionItemKind.Module;
    case "connection": return CompletionItemKind.Constant;
  }
}

function item(name: string, ref: DeclRef): CompletionItem {
  return { label: name, kind: kindOf(ref), detail: ref.file.path };
}

/** Whether `name` is a fixtures group this file sees (it shadows the newer library namespaces). */
function isFixturesGroup(input: CompletionInput, name: string): boolean {
  const ref = input.compiled.result.graph.scopes.get(input.file.path)?.names.get(name);
  return ref?.kind === "decl" && ref.decl.kind === "fixtures";
}

function memberItems(input: CompletionInput, object: string, inner: string): CompletionItem[] {
  const program = input.compiled.program;
  if (object === "ai") {
    if (inner !== "") return ["requests", "attempts", ...(inner === "embed" ? [] : ["sent"]), "retries", "usage"].map((label) => ({ label, kind: CompletionItemKind.Property }));
    return [...["generate", "stream", "embed"].map((label) => ({ label, kind: CompletionItemKind.Function })),
      ...promptNames(input.compiled.result.graph).map((label) => ({ label, kind: CompletionItemKind.Interface }))];
  }
  const shadowed = GROUP_SHADOWED_NAMESPACES.includes(object) && isFixturesGroup(input, object);
  if (NAMESPACES.includes(object) && !shadowed) {
    return LIBRARY_FUNCTIONS.filter((fn) => fn.startsWith(`${object}.`)).map((fn) => ({ label: fn.slice(object.length + 1), kind: CompletionItemKind.Function }));
  }
  if (object === "Locale") return (program?.locale.members.def.kind === "enum" ? program.locale.members.def.members : []).map((m) => ({ label: m.name, kind: CompletionItemKind.EnumMember, detail: m.tag }));
  if (object === "StreamStop") return STOP_WORDS.map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  const ref = input.compiled.result.graph.scopes.get(input.file.path)?.names.get(object);
  if (ref?.kind === "decl" && ref.decl.kind === "type" && ref.decl.body.kind === "enum") {
    return ref.decl.body.members.map((m) => ({ label: m.name, kind: CompletionItemKind.EnumMember }));
  }
  if (ref?.kind === "decl" && ref.decl.kind === "fixtures") {
    return ref.decl.members.map((m) => ({ label: m.name.name, kind: CompletionItemKind.Method, detail: `fixture of ${object}` }));
  }
  return [];
}

/** Inside `Type { … }` where a field name goes: the fields not written yet. */
/** `whenPrompt`: the prompt whose script the cursor is in, whose values a `when { … }` names. */
function recordFields(input: CompletionInput, before: string, whenPrompt: string | null = null): CompletionItem[] | null {
  let depth = 0;
  let open = -1;
  for (let i = before.length - 1; i >= 0; i--) {
    const c = before[i];
    if (c === "}") depth++;
    else if (c === "{") {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  if (open < 0) return null;
  const when = whenPrompt !== null && /\bwhen\s*$/.test(before.slice(0, open));
  const typeName = when ? null : /([A-Z]\w*)\s*$/.exec(before.slice(0, open))?.[1];
  if (!when && !typeName) return null;
  const inside = before.slice(open + 1);
  const partial = /(\w*)$/.exec(inside)![1];
  const rest = inside.slice(0, inside.length - partial.length).trimEnd();
  if (/[:,(\[+\-*/=<>]$/.test(rest)) return null; // a value goes here, not a field
  const written = new Set([...inside.matchAll(/(\w+)\s*:/g)].map((m) => m[1]));
  const fields = when ? promptParams(input, whenPrompt) : fieldsOf(input, typeName!);
  return fields.filter((f) => !written.has(f)).map((label) => ({ label, kind: CompletionItemKind.Field, insertText: `${label}: ` }));
}

/** A prompt's parameters (its values type's fields), wherever it is declared. */
function promptParams(input: CompletionInput, name: string | null): string[] {
  const prompt = name === null ? undefined : input.compiled.program?.prompts.get(name);
  return prompt ? prompt.decl.params.map((p) => p.name.name) : [];
}

function fieldsOf(input: CompletionInput, typeName: string): string[] {
  const ref = input.compiled.result.graph.scopes.get(input.file.path)?.names.get(typeName);
  if (ref?.kind === "prompt_values") return ref.prompt.params.map((p) => p.name.name);
  if (ref?.kind === "decl" && ref.decl.kind === "type" && ref.decl.body.kind === "object") return ref.decl.body.fields.map((f) => f.name.name);
  // A tool's arguments type, written in a test's `call` without being imported.
  for (const prompt of input.compiled.program?.prompts.values() ?? []) {
    const tool = prompt.tools.find((t) => printType(t.argsType) === typeName);
    const object = tool && objectOf(tool.argsType);
    if (object?.def.kind === "object") return object.def.fields.map((f) => f.name);
  }
  return [];
}

/** The fields of the record a chain of names ends at (`reply.order` → `Order`'s fields). */
function valueFields(input: CompletionInput, chain: string[]): CompletionItem[] {
  const program = input.compiled.program;
  if (!program) return [];
  const position = positionAt(input.source, input.offset);
  let type = localType(program, input.file.path, position, chain[0]);
  for (const name of chain.slice(1)) {
    const object = type && objectOf(type);
    type = object?.def.kind === "object" ? object.def.fields.find((f) => f.name === name)?.type : undefined;
  }
  const object = type && objectOf(type);
  if (object?.def.kind !== "object") return [];
  return object.def.fields.map((f) => ({ label: f.name, kind: CompletionItemKind.Field, detail: printType(f.type) }));
}

/** Every name visible at the cursor: the declaration's parameters and the locals before it, top-level names, the prelude, keywords. */
function scopeItems(input: CompletionInput): CompletionItem[] {
  const items = new Map<string, CompletionItem>();
  const add = (item: CompletionItem) => void (items.has(item.label) || items.set(item.label, item));
  const cursorLine = input.text.slice(0, input.offset).split("\n").length;
  const decl = input.file.syntax.decls.find((d) => d.span.start <= input.offset && input.offset <= d.span.end);
  if (decl && "params" in decl) for (const p of decl.params) add({ label: p.name.name, kind: CompletionItemKind.Variable, detail: "parameter" });
  if (decl?.kind === "fixtures") for (const m of decl.members) for (const p of m.params ?? []) if (m.span.start <= input.offset && input.offset <= m.span.end) add({ label: p.name.name, kind: CompletionItemKind.Variable, detail: "parameter" });
  for (const local of input.file.syntax.locals) {
    // A local is in scope after the line that declares it.
    if (decl && local.span.start >= decl.span.start && local.span.end < input.offset && local.span.line < cursorLine) add({ label: local.name, kind: CompletionItemKind.Variable });
  }
  for (const [name, ref] of input.compiled.result.graph.scopes.get(input.file.path)?.names ?? []) add(item(name, ref));
  for (const name of PRELUDE_TYPE_NAMES) add({ label: name, kind: CompletionItemKind.Class, detail: "prelude" });
  for (const failure of Object.values(aiFailures(input.compiled))) add({ label: failure.name, kind: CompletionItemKind.Event, detail: "prelude" });
  for (const name of NAMESPACES) add({ label: name, kind: CompletionItemKind.Module, detail: "library" });
  for (const word of keywordNames) add({ label: word, kind: CompletionItemKind.Keyword });
  return [...items.values()];
}
