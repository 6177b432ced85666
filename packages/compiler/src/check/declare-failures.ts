// Declared failures (docs/language.md): `kind`, `message`, and `code` defaulting to the snake-cased name.
import type { FailureInfo } from "./program.ts";
import { FAILURE_KINDS, type FailureKind } from "../vocabulary.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { report, snakeCase, type Checker } from "./context.ts";
import { entriesByName, textValue, wordValue } from "./config-entries.ts";


function defaultMessage(name: string): string {
  const words = snakeCase(name).split("_").join(" ");
  return `${words[0].toUpperCase()}${words.slice(1)}.`;
}

export function declareFailures(cx: Checker): void {
  // Codes reach callers (`jadpo dev`'s error bodies), so two failures never share one.
  const byCode = new Map<string, string>([...cx.prelude.failures.values()].map((f) => [f.code, `\`${f.name}\` of the prelude`]));
  for (const file of cx.graph.files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "failure") continue;
      const name = decl.name.name;
      if (cx.prelude.failures.has(name)) {
        report(cx, diagnostic("name.duplicate", decl.name.span, { name, where: "the prelude" }));
      }
      const owner = `\`${name}\``;
      const entries = entriesByName(cx, decl.entries, ["kind", "message", "code"], owner);
      let kind: FailureKind = "InternalFault";
      const kindEntry = entries.get("kind");
      if (!kindEntry) {
        report(cx, diagnostic("type.missing_entry", decl.name.span, { owner, entry: "kind", example: "kind: Unavailable", more: ` (or another of ${FAILURE_KINDS.join(", ")})` }));
      } else {
        const word = wordValue(cx, kindEntry);
        if (word !== null) {
          if ((FAILURE_KINDS as readonly string[]).includes(word)) kind = word as FailureKind;
          else {
            const near = closest(word, FAILURE_KINDS);
            const suggestion = didYouMean(near, `Use one of ${FAILURE_KINDS.join(", ")}`);
            report(cx, diagnostic("type.bad_word", kindEntry.value.span, { word, what: "a failure kind", suggestion }, [], changeTo(kindEntry.value.span, near)));
          }
        }
      }
      const messageEntry = entries.get("message");
      const message = (messageEntry && textValue(cx, messageEntry)) ?? defaultMessage(name);
      let code = snakeCase(name);
      const codeEntry = entries.get("code");
      if (codeEntry) {
        const written = textValue(cx, codeEntry);
        if (written !== null) {
          if (/^[a-z][a-z0-9_]*$/.test(written)) code = written;
          else {
            const better = snakeCase(written.replace(/[^A-Za-z0-9]+/g, "_")) || "a_code";
            const suggestion = `Write it as \`${better}\``;
            report(cx, diagnostic("type.bad_word", codeEntry.value.span, { word: written, what: "a lower_snake code", suggestion }, [], changeTo(codeEntry.value.span, `"${better}"`)));
          }
        }
      }
      const first = byCode.get(code);
      if (first !== undefined) {
        report(cx, diagnostic("failure.duplicate_code", codeEntry?.value.span ?? decl.name.span, { name, code, first }));
      } else byCode.set(code, `\`${name}\` (${file.path}:${decl.name.span.line})`);
      const info: FailureInfo = { name, kind, code, message, decl };
      cx.failureInfos.set(decl, info);
      cx.failures.push(info);
    }
  }
}
