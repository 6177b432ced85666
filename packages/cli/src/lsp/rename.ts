// Rename, from the compiler's name table: every place the symbol's name is written changes, in
// every file — for a prompt its `ai.<prompt>` keys and uses, its sandbox entries and its values
// type (`answer_question` ↔ `AnswerQuestion`, renamed together), with its recordings' folder
// renamed too; for a tool its `tools:` key, `call`/`calls` items, `.called.<tool>` uses and the
// steps of its prompt's recordings; for a fixture the `asked.fixture` of recordings. Prelude and library names, and a new name with the
// wrong casing or one already taken, are refused with the reason.
import { nameIndex, recordingFolder, toLowerSnake, valuesTypeName, type Span } from "@jadpo/compiler";
import {
  LSPErrorCodes, ResponseError, type Range, type RenameFile, type TextDocumentEdit, type TextEdit, type WorkspaceEdit,
} from "vscode-languageserver";
import type { Here } from "./here.ts";
import { occurrencesAt, spanRange } from "./references.ts";
import { renameProblem } from "./rename-checks.ts";
import { targetAt } from "./targets.ts";
import { uriOfPath } from "./paths.ts";

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

/** Why the name under the cursor can't be renamed, when it is a name that isn't the project's. */
function notOurs(here: Here): ResponseError<void> | null {
  const target = targetAt(here.compiled, here.file, here.offset);
  if (target?.kind === "prelude") return refuse(`\`${target.name}\` is ${target.what}: only the project's own names can be renamed`);
  if (target?.kind === "module") return refuse(`\`${target.module}\` is a module: its name is its file's or folder's path, so rename that`);
  return null;
}

export function prepareRename(here: Here): { range: Range; placeholder: string } | ResponseError<void> | null {
  const found = occurrencesAt(here);
  if (!found) return notOurs(here);
  const text = here.file.source.text.slice(found.at.span.start, found.at.span.end);
  return { range: spanRange(here.compiled, found.at.span), placeholder: text };
}

export function rename(here: Here, newName: string, renameFiles: boolean): WorkspaceEdit | ResponseError<void> | null {
  const found = occurrencesAt(here);
  if (!found) return notOurs(here);
  const symbol = nameIndex(here.compiled.result).symbols.get(found.key);
  if (!symbol) return null;
  const problem = renameProblem(here.compiled, symbol, found.at.form, newName, found.all);
  if (problem) return refuse(`Can't rename to \`${newName}\`: ${problem.summary} (${problem.rule}). ${problem.reason}`);
  const snake = found.at.form === "values_type" ? toLowerSnake(newName) : newName;
  const byFile = new Map<string, TextEdit[]>();
  for (const o of found.all) {
    const text = o.form === "values_type" ? valuesTypeName(snake) : snake;
    const edits = byFile.get(o.span.file) ?? [];
    edits.push({ range: spanRange(here.compiled, o.span), newText: text });
    byFile.set(o.span.file, edits);
  }
  const uri = (file: string) => uriOfPath(here.project.absolute(file));
  const folder = symbol.kind === "prompt" ? recordingsFolderRename(here, symbol.span, symbol.name, snake, uri) : null;
  // Renamed without its folder, a prompt's recordings would stop matching it, unseen.
  if (folder && !renameFiles) {
    const kept = recordingFolder(symbol.span.file, symbol.name);
    return refuse(`Can't rename \`${symbol.name}\` here: its recordings in \`${kept}/\` must be renamed with it, and this editor can't rename folders. Rename the folder to \`${recordingFolder(symbol.span.file, snake)}/\` first, then rename the prompt again.`);
  }
  if (!renameFiles) return { changes: Object.fromEntries([...byFile].map(([file, edits]) => [uri(file), edits])) };
  const documentChanges: (TextDocumentEdit | RenameFile)[] = [...byFile].map(([file, edits]) => ({ textDocument: { uri: uri(file), version: null }, edits }));
  if (folder) documentChanges.push(folder);
  return { documentChanges };
}

/** The prompt's `recordings/<prompt>/` folder, renamed after the text edits (none edits a file in it). */
function recordingsFolderRename(here: Here, declared: Span, from: string, to: string, uri: (file: string) => string): RenameFile | null {
  const has = (here.compiled.result.graph.recordings ?? []).some((r) => r.promptName === from && r.path.startsWith(`${recordingFolder(declared.file, from)}/`));
  if (!has || from === to) return null;
  return { kind: "rename", oldUri: uri(recordingFolder(declared.file, from)), newUri: uri(recordingFolder(declared.file, to)) };
}
