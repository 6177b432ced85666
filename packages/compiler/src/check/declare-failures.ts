// Declared failures (SPEC 4.2): `kind`, `message`, and `code` defaulting to the snake-cased name.
import type { FailureInfo } from "./program.ts";
import { FAILURE_KINDS, type FailureKind } from "../vocabulary.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { closest } from "../names/suggest.ts";
import { report, snakeCase, type Checker } from "./context.ts";
import { badEntry, entriesByName, textValue, wordValue } from "./config-entries.ts";


function defaultMessage(name: string): string {
  const words = snakeCase(name).split("_").join(" ");
  return `${words[0].toUpperCase()}${words.slice(1)}.`;
}

export function declareFailures(cx: Checker): void {
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
        badEntry(cx, decl.name.span, `${owner} needs a \`kind\``, `Add \`kind: Unavailable\` (or another of ${FAILURE_KINDS.join(", ")})`);
      } else {
        const word = wordValue(cx, kindEntry);
        if (word !== null) {
          if ((FAILURE_KINDS as readonly string[]).includes(word)) kind = word as FailureKind;
          else {
            const near = closest(word, FAILURE_KINDS);
            badEntry(cx, kindEntry.value.span, `\`${word}\` is not a failure kind`, near ? `Did you mean \`${near}\`?` : `Use one of ${FAILURE_KINDS.join(", ")}`);
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
          else badEntry(cx, codeEntry.value.span, `\`${written}\` is not a lower_snake code`, `Write it as \`${snakeCase(written.replace(/[^A-Za-z0-9]+/g, "_")) || "a_code"}\``);
        }
      }
      const info: FailureInfo = { name, kind, code, message, decl };
      cx.failureInfos.set(decl, info);
      cx.failures.push(info);
    }
  }
}
