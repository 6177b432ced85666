// Document formatting for `jadpo lsp`: the open buffer through the compiler's formatter (the
// layout of `jadpo fmt`), sent back as one edit of the lines that change. A buffer with a syntax
// problem is left as it is (no edit): its diagnostics are already shown.
import { fileKind, formatSource } from "@jadpo/compiler";
import type { TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { pathOfUri } from "./paths.ts";

/** The edits that put `document` in the canonical layout: none when it is already, or doesn't parse. */
export function formattingEdits(document: TextDocument | undefined): TextEdit[] {
  if (document === undefined) return [];
  const path = pathOfUri(document.uri) ?? "untitled.jadpo";
  const text = document.getText();
  const result = formatSource(path, text, fileKind(path) ?? "source");
  if (!result.ok || !result.changed) return [];
  const formatted = result.text;
  // The lines both texts start with, and end with, stay: the edit replaces the lines between.
  let start = 0;
  const shorter = Math.min(text.length, formatted.length);
  while (start < shorter && text.charCodeAt(start) === formatted.charCodeAt(start)) start++;
  start = text.lastIndexOf("\n", start - 1) + 1;
  let end = 0;
  while (end < shorter - start && text.charCodeAt(text.length - 1 - end) === formatted.charCodeAt(formatted.length - 1 - end)) end++;
  // Back to the start of a line both texts share to the end (or to the end of the text).
  while (end > 0 && text.charCodeAt(text.length - end - 1) !== 10) end--;
  const range = { start: document.positionAt(start), end: document.positionAt(text.length - end) };
  return [{ range, newText: formatted.slice(start, formatted.length - end) }];
}
