// A prompt's `tools:` and `max_steps:` (docs/ai.md), resolved once after every signature is known:
// each tool an action or function of the prompt's file taking one record and returning a value
// (`prompt.bad_tool` otherwise, `name.unknown` for a name the file can't see, with the `use` line
// when another module declares it). The resolved list is the prompt's (`PromptInfo.tools`): the
// fake, the loop and the version all read it.
import type { ConfigEntry, PromptDecl } from "../syntax/ast.ts";
import type { PromptInfo, ToolInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { objectOf } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { promptVersion, spellTypeRef } from "../prompts/version.ts";
import { declaredElsewhereHint, lookupTop, report, visibleTopNames, type Checker } from "./context.ts";
import { badEntry, exprOf } from "./config-entries.ts";
import { describeRef, unknownName } from "./report-names.ts";

export const DEFAULT_MAX_STEPS = 8;
export const MAX_STEPS_LIMIT = 50;

export function declareTools(cx: Checker): void {
  for (const info of cx.promptByDecl.values()) readTools(cx, info);
}

/** The first entry of a name (a repeated one is already `type.repeated_entry`). */
function entryOf(decl: PromptDecl, name: string): ConfigEntry | undefined {
  return decl.entries.find((e) => e.name.name === name);
}

function readTools(cx: Checker, info: PromptInfo): void {
  const decl = info.decl;
  const toolsEntry = entryOf(decl, "tools");
  const stepsEntry = entryOf(decl, "max_steps");
  if (stepsEntry) {
    const expr = exprOf(stepsEntry.value);
    if (expr && expr.kind === "int" && expr.value >= 1 && expr.value <= MAX_STEPS_LIMIT) info.maxSteps = expr.value;
    else badEntry(cx, stepsEntry.value.span, "max_steps", `an Int from 1 to ${MAX_STEPS_LIMIT}`, `Write \`max_steps: ${DEFAULT_MAX_STEPS}\``);
    if (!toolsEntry) report(cx, diagnostic("prompt.bad_tool", stepsEntry.name.span, { variant: "steps_without_tools", prompt: info.name }));
  }
  if (!toolsEntry) return;
  if (toolsEntry.value.kind !== "block") {
    badEntry(cx, toolsEntry.value.span, "tools", "a block of tools", 'Write `tools: { find_order: "Finds an order by its code." }`');
    return;
  }
  if (toolsEntry.value.entries.length === 0) {
    report(cx, diagnostic("prompt.bad_tool", toolsEntry.value.span, { variant: "empty", prompt: info.name }));
    return;
  }
  const versioned: [string, string, string][] = [];
  const seen = new Set<string>();
  for (const entry of toolsEntry.value.entries) {
    const tool = readTool(cx, info, entry, seen);
    if (tool) {
      info.tools.push(tool.info);
      versioned.push([tool.info.name, tool.info.description, tool.spelled]);
    }
  }
  if (versioned.length === 0) return;
  info.version = promptVersion({
    name: info.name,
    params: decl.params.map((p) => [p.name.name, spellTypeRef(p.type)]),
    system: info.system,
    text: info.text,
    tools: versioned,
  });
}

function readTool(cx: Checker, info: PromptInfo, entry: ConfigEntry, seen: Set<string>): { info: ToolInfo; spelled: string } | null {
  const name = entry.name.name;
  const span = entry.name.span;
  const expr = exprOf(entry.value);
  const description = expr && expr.kind === "text" && expr.value.trim() !== "" ? expr.value : null;
  if (description === null) badEntry(cx, entry.value.span, name, "a non-empty text, the tool's description", `Write \`${name}: "What ${name} does."\``);
  if (seen.has(name)) {
    report(cx, diagnostic("prompt.bad_tool", span, { variant: "repeated", name, prompt: info.name }));
    return null;
  }
  seen.add(name);
  const ref = lookupTop(cx, info.file, name);
  if (!ref) {
    // Declared by another module: an import is missing (merged with the file's other names from it).
    const elsewhere = declaredElsewhereHint(cx, info.file, name, span);
    if (elsewhere !== null) {
      report(cx, diagnostic("name.unknown", span, { name, suggestion: elsewhere.suggestion }, [], elsewhere.fixes));
      return null;
    }
    const callables = [...visibleTopNames(cx, info.file)].filter((n) => {
      const r = lookupTop(cx, info.file, n);
      return r?.kind === "decl" && (r.decl.kind === "action" || r.decl.kind === "function");
    });
    report(cx, unknownName(span, name, callables));
    return null;
  }
  if (ref.kind !== "decl" || (ref.decl.kind !== "action" && ref.decl.kind !== "function")) {
    report(cx, diagnostic("prompt.bad_tool", span, { variant: "not_callable", name, what: describeRef(ref) }));
    return null;
  }
  const decl = ref.decl;
  const signature = cx.signatures.get(decl);
  if (decl.params.length !== 1) {
    const count = decl.params.length === 0 ? "no parameter" : `${decl.params.length} parameters`;
    report(cx, diagnostic("prompt.bad_tool", span, { variant: "params", name, count }));
    return null;
  }
  const argsType = signature?.params[0]?.type;
  if (argsType && argsType.kind !== "error" && !objectOf(argsType)) {
    report(cx, diagnostic("prompt.bad_tool", span, { variant: "not_record", name, type: printType(argsType) }));
    return null;
  }
  if (decl.returnType === null) {
    report(cx, diagnostic("prompt.bad_tool", span, { variant: "no_result", name }));
    return null;
  }
  if (!signature || !argsType || argsType.kind === "error" || description === null) return null;
  return {
    info: { name, description, decl, argsType, result: signature.result, span },
    spelled: spellTypeRef(decl.params[0].type),
  };
}
