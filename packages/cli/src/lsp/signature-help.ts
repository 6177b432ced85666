// Signature help, read from the text before the cursor (while typing it rarely parses) and the
// last check: inside `f(…` the parameters of an action, function, fixture, library function,
// `ai.generate`/`ai.stream`/`ai.embed`, or (in `fakes:`) a tool, with the one being written
// active; inside `T { … }` the fields of a record type — a prompt's values, a tool's arguments —
// with the field being written active.
import { LIBRARY_FUNCTIONS, objectOf, printType, type LibraryFunction, type LoadedFile, type Param } from "@jadpo/compiler";
import type { SignatureHelp, SignatureInformation } from "vscode-languageserver";
import type { Here } from "./here.ts";
import { LIBRARY_SIGNATURES } from "./library-signatures.ts";

/** The innermost `(` or `{` still open before the cursor, and what was written inside it. */
function openBracket(text: string): { at: number; bracket: "(" | "{"; inside: string } | null {
  let inText = false;
  // Scan forward to know which quotes are open, then walk back over what is closed.
  const opens: { at: number; bracket: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inText) {
      if (c === "\\") i++;
      else if (c === '"' || c === "\n") inText = false;
      continue;
    }
    if (c === '"') inText = true;
    else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    else if (c === "(" || c === "{" || c === "[") opens.push({ at: i, bracket: c });
    else if (c === ")" || c === "}" || c === "]") opens.pop();
  }
  if (inText) return null;
  const open = opens.at(-1);
  if (!open || open.bracket === "[") return null;
  return { at: open.at, bracket: open.bracket as "(" | "{", inside: text.slice(open.at + 1) };
}

/** How many top-level commas `inside` holds: the index of the argument being written. */
function argumentIndex(inside: string): number {
  let depth = 0;
  let commas = 0;
  let inText = false;
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i];
    if (inText) {
      if (c === "\\") i++;
      else if (c === '"') inText = false;
    } else if (c === '"') inText = true;
    else if ("({[".includes(c)) depth++;
    else if (")}]".includes(c)) depth--;
    else if (c === "," && depth === 0) commas++;
  }
  return commas;
}

function signature(label: string, params: string[], documentation?: string): SignatureInformation {
  return { label, parameters: params.map((p) => ({ label: p })), ...(documentation ? { documentation } : {}) };
}

function help(info: SignatureInformation, active: number): SignatureHelp {
  return { signatures: [info], activeSignature: 0, activeParameter: Math.min(active, Math.max(0, (info.parameters?.length ?? 1) - 1)) };
}

function paramTexts(file: LoadedFile, params: Param[]): string[] {
  return params.map((p) => file.source.text.slice(p.span.start, p.span.end));
}

export function signatureHelp(here: Here): SignatureHelp | null {
  // From the start of the declaration around the cursor: enough to see every bracket still open.
  const before = here.live.text.slice(0, here.liveOffset);
  let declStart = 0;
  for (const m of before.matchAll(/\n(?=[a-z])/g)) declStart = m.index + 1;
  const open = openBracket(before.slice(declStart));
  if (!open) return null;
  const head = before.slice(0, declStart + open.at);
  if (open.bracket === "(") {
    const callee = /([A-Za-z_][\w.]*)\s*$/.exec(head)?.[1];
    const found = callee ? callSignature(here, callee, head) : null;
    return found ? help(found, argumentIndex(open.inside)) : null;
  }
  // A record literal's type, not a callable's result (`-> SupportAnswer {` opens a body).
  const record = /(->\s*)?\b([A-Z]\w*)\s*$/.exec(head);
  const typeName = record && !record[1] ? record[2] : undefined;
  const info = typeName ? recordSignature(here, typeName) : null;
  if (!info) return null;
  const fields = (info.parameters ?? []).map((p) => String(p.label).split(":")[0]);
  const written = [...open.inside.matchAll(/(\w+)\s*:/g)].map((m) => m[1]);
  const current = written.at(-1);
  return help(info, current === undefined ? 0 : Math.max(0, fields.indexOf(current)));
}

function callSignature(here: Here, callee: string, head: string): SignatureInformation | null {
  const program = here.compiled.program;
  if (callee === "ai.generate") return signature("ai.generate(values: <a prompt's values>, as: T)", ["values: <a prompt's values>", "as: T"], "Asks the prompt whose values these are; the answer decoded as T.");
  if (callee === "ai.stream") return signature("ai.stream(values: <a prompt's values>)", ["values: <a prompt's values>"], "Asks the prompt, the answer streamed as text.");
  if (callee === "ai.embed") return signature("ai.embed(text: Text) -> Embedding", ["text: Text"]);
  if ((LIBRARY_FUNCTIONS as string[]).includes(callee)) {
    const { params, result } = LIBRARY_SIGNATURES[callee as LibraryFunction];
    return signature(`${callee}(${params.join(", ")}) -> ${result}`, params);
  }
  // A tool called in a script: `call find_order(` or inside `calls [`.
  if (/(?:\bcall\s+|\bcalls\s*\[[^\]]*)[a-z_]\w*\s*$/.test(head)) {
    for (const prompt of program?.prompts.values() ?? []) {
      const tool = prompt.tools.find((t) => t.name === callee);
      if (tool) return signature(`${tool.name}(arguments: ${printType(tool.argsType)})`, [`arguments: ${printType(tool.argsType)}`], tool.description);
    }
  }
  const scope = here.compiled.result.graph.scopes.get(here.file.path)?.names;
  const [first, second] = callee.split(".");
  const ref = scope?.get(first);
  if (ref?.kind !== "decl") return null;
  const text = ref.file.source.text;
  if (second === undefined && (ref.decl.kind === "function" || ref.decl.kind === "action")) {
    const label = text.slice(ref.decl.span.start, ref.decl.body.span.start).replace(/\s+/g, " ").trim();
    return signature(label, paramTexts(ref.file, ref.decl.params));
  }
  if (second !== undefined && ref.decl.kind === "fixtures") {
    const member = ref.decl.members.find((m) => m.name.name === second);
    if (!member) return null;
    const label = `${first}.${text.slice(member.span.start, member.body.span.start).replace(/\s+/g, " ").trim()}`;
    return signature(label, paramTexts(ref.file, member.params ?? []));
  }
  return null;
}

/** A record type's fields as a signature: `AnswerQuestion { question: CustomerQuestion  reader_locale: Locale }`. */
function recordSignature(here: Here, typeName: string): SignatureInformation | null {
  const program = here.compiled.program;
  const ref = here.compiled.result.graph.scopes.get(here.file.path)?.names.get(typeName);
  let fields: string[] | null = null;
  let note: string | undefined;
  if (ref?.kind === "prompt_values") {
    fields = paramTexts(ref.file, ref.prompt.params);
    note = `The values of prompt \`${ref.prompt.name.name}\`.`;
  } else if (ref?.kind === "decl" && ref.decl.kind === "type" && ref.decl.body.kind === "object") {
    const file = ref.file;
    fields = ref.decl.body.fields.map((f) => file.source.text.slice(f.name.span.start, f.type.span.end));
  } else {
    // A tool's arguments type, written in a test's `call` without being imported.
    for (const prompt of program?.prompts.values() ?? []) {
      const tool = prompt.tools.find((t) => printType(t.argsType) === typeName);
      const object = tool && objectOf(tool.argsType);
      if (tool && object?.def.kind === "object") {
        fields = object.def.fields.map((f) => `${f.name}: ${printType(f.type)}`);
        note = `The arguments of tool \`${tool.name}\`.`;
        break;
      }
    }
  }
  if (fields === null) return null;
  return signature(`${typeName} { ${fields.join("  ")} }`, fields, note);
}
