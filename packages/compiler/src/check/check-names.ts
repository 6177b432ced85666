// Names and member accesses in value position: locals, enum members (`Locale.en_gb`), fixtures
// without parameters (`questions.sesame`), record fields, and `ai.<prompt>.requests`/`.attempts`/`.sent`.
import type { Expr, Ident, Span } from "../syntax/ast.ts";
import type { PromptInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { ERROR, INT, TEXT, type Type } from "../types/types.ts";
import { enumOf, objectOf } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { lookupTop, report } from "./context.ts";
import { findType } from "./type-refs.ts";
import { valuesName } from "./declare-types.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { fixtureUse, testOnly } from "./purity.ts";
import { NAMESPACES, argumentsText, describeRef, namespaceOf, reportUnknownName } from "./report-names.ts";

export type NameExpr = Extract<Expr, { kind: "name" }>;
export type MemberExpr = Extract<Expr, { kind: "member" }>;

function notAValue(b: Body, span: Span, name: string, what: string, suggestion: string): Type {
  report(b.cx, diagnostic("type.not_a_value", span, { name, what, suggestion }));
  return ERROR;
}

export function checkName(b: Body, env: Locals, expr: NameExpr): Type {
  const local = env.get(expr.name);
  if (local) {
    local.resolution ??= { kind: "local", name: expr.name, at: local.at };
    b.cx.resolutions.set(expr, local.resolution);
    return local.type;
  }
  const ref = lookupTop(b.cx, b.file, expr.name);
  if (ref && !b.cx.prelude.types.has(expr.name)) {
    const what = describeRef(ref);
    const suggestion = ref.kind === "decl" && (ref.decl.kind === "action" || ref.decl.kind === "function")
      ? `Call it: \`${expr.name}(...)\``
      : ref.kind === "decl" && ref.decl.kind === "fixtures"
        ? `Use one of its fixtures: \`${expr.name}.${ref.decl.members[0]?.name.name ?? "name"}\``
        : ref.kind === "decl" && ref.decl.kind === "prompt"
          // The mix-up is `ai.generate(classify_ticket, …)`: a prompt is asked with its values.
          ? `To ask it, pass its values: \`ai.generate(${valuesName(ref.decl.name.name)} { … }, as: …)\``
          : "Use a value here";
    return notAValue(b, expr.span, expr.name, what, suggestion);
  }
  if (b.cx.prelude.types.has(expr.name)) return notAValue(b, expr.span, expr.name, "a type", "Use a value here");
  if (b.cx.prelude.failures.has(expr.name)) return notAValue(b, expr.span, expr.name, "a failure", "Use a value here");
  if (NAMESPACES.includes(expr.name)) {
    return notAValue(b, expr.span, expr.name, "a library namespace", `Call one of its functions: \`${expr.name}.<name>(...)\``);
  }
  reportUnknownName(b, env, expr.span, expr.name);
  return ERROR;
}

export function checkMember(b: Body, env: Locals, expr: MemberExpr): Type {
  const object = expr.object;
  const namespace = namespaceOf(b, env, object);
  if (namespace) {
    const full = `${namespace}.${expr.name.name}`;
    if (namespace === "ai") {
      return notAValue(b, expr.span, full, "not a value", "Call `ai.generate(...)`, `ai.stream(...)` or `ai.embed(...)`, or read `ai.<prompt>.requests`");
    }
    return notAValue(b, expr.span, full, "a library function", `Call it: \`${full}(...)\``);
  }
  if (object.kind === "member" && namespaceOf(b, env, object.object) === "ai") return checkAiRecord(b, env, expr, object.name);
  if (object.kind === "member" && object.name.name === "called" && object.object.kind === "member" && namespaceOf(b, env, object.object.object) === "ai") {
    const prompt = b.cx.prompts.get(object.object.name.name);
    if (prompt && prompt.tools.length > 0) return checkToolCalled(b, env, expr, prompt);
  }
  if (object.kind === "name" && !env.get(object.name)) {
    const typed = checkQualified(b, env, expr, object);
    if (typed) return typed;
  }
  const type = checkExpr(b, env, object, null);
  return fieldOf(b, expr, type);
}

/** `Type.member` and `group.fixture`, or null when `object` is not a type or fixtures group. */
function checkQualified(b: Body, env: Locals, expr: MemberExpr, object: NameExpr): Type | null {
  const type = findType(b.cx, b.file, object.name);
  if (type) {
    if (type.kind === "error") return ERROR;
    const enumType = enumOf(type);
    const full = `${object.name}.${expr.name.name}`;
    if (!enumType || enumType.def.kind !== "enum") {
      reportUnknownName(b, env, expr.span, full, []);
      return ERROR;
    }
    const members = enumType.def.members;
    if (!members.some((m) => m.name === expr.name.name)) {
      reportUnknownName(b, env, expr.name.span, full, members.map((m) => `${object.name}.${m.name}`));
      return ERROR;
    }
    b.cx.resolutions.set(expr, { kind: "enum_member", type: enumType, member: expr.name.name });
    b.cx.resolutions.set(expr.name, { kind: "enum_member", type: enumType, member: expr.name.name });
    return type;
  }
  const ref = lookupTop(b.cx, b.file, object.name);
  if (!ref || ref.kind !== "decl" || ref.decl.kind !== "fixtures") return null;
  const group = ref.decl;
  const member = group.members.find((m) => m.name.name === expr.name.name);
  const full = `${object.name}.${expr.name.name}`;
  if (!member) {
    reportUnknownName(b, env, expr.name.span, full, group.members.map((m) => `${object.name}.${m.name.name}`));
    return ERROR;
  }
  fixtureUse(b, expr.span, full);
  b.cx.resolutions.set(expr, { kind: "fixture", group, member });
  const signature = b.cx.signatures.get(member);
  if (member.params && member.params.length > 0) {
    report(b.cx, diagnostic("type.argument_count", expr.span, { call: full, expected: argumentsText(member.params.length), found: "none" }));
  }
  return signature?.result ?? ERROR;
}

/** What a test reads of every prompt's calls, besides a tool prompt's `steps` and `called`. */
const PROMPT_RECORDS = ["requests", "attempts", "sent", "retries", "usage"];
/** What a test reads of `ai.embed`'s calls. */
const EMBED_RECORDS = ["requests", "attempts", "retries", "usage"];

/**
 * `ai.<prompt>.requests` (List of the values type), `ai.<prompt>.attempts` (Int),
 * `ai.<prompt>.sent` (List<SentRequest>), `ai.<prompt>.retries` (Int), `ai.<prompt>.usage`
 * (AiUsage), and `ai.embed.requests` (List<Text>) / `.attempts` / `.retries` / `.usage`.
 */
function checkAiRecord(b: Body, env: Locals, expr: MemberExpr, promptIdent: Ident): Type {
  const what = expr.name.name;
  const usage: Type = { kind: "named", decl: b.cx.prelude.aiUsage };
  if (promptIdent.name === "embed") {
    const full = `ai.embed.${what}`;
    if (!EMBED_RECORDS.includes(what)) {
      reportUnknownName(b, env, expr.name.span, full, EMBED_RECORDS.map((k) => `ai.embed.${k}`));
      return ERROR;
    }
    testOnly(b, expr.span, `\`${full}\``, "Read what a fake was asked in a test");
    switch (what) {
      case "requests":
        b.cx.resolutions.set(expr, { kind: "ai_embed_requests" });
        return { kind: "list", item: TEXT };
      case "retries":
        b.cx.resolutions.set(expr, { kind: "ai_embed_retries" });
        return INT;
      case "usage":
        b.cx.resolutions.set(expr, { kind: "ai_embed_usage" });
        return usage;
      default:
        b.cx.resolutions.set(expr, { kind: "ai_embed_attempts" });
        return INT;
    }
  }
  const prompt = b.cx.prompts.get(promptIdent.name);
  if (!prompt) {
    reportUnknownName(b, env, promptIdent.span, `ai.${promptIdent.name}`, [...[...b.cx.prompts.keys()].map((p) => `ai.${p}`), "ai.embed"]);
    return ERROR;
  }
  const full = `ai.${prompt.name}.${what}`;
  const tooled = prompt.tools.length > 0;
  if (!PROMPT_RECORDS.includes(what) && !(tooled && what === "steps")) {
    if (tooled && what === "called") {
      return notAValue(b, expr.span, full, "the calls of every tool", `Read one tool's calls: \`${full}.${prompt.tools[0].name}\``);
    }
    const known = [...PROMPT_RECORDS, ...(tooled ? ["steps", `called.${prompt.tools[0].name}`] : [])];
    reportUnknownName(b, env, expr.name.span, full, known.map((k) => `ai.${prompt.name}.${k}`));
    return ERROR;
  }
  testOnly(b, expr.span, `\`${full}\``, "Read what a fake was asked in a test");
  switch (what) {
    case "steps":
      b.cx.resolutions.set(expr, { kind: "ai_steps", prompt });
      return INT;
    case "requests":
      b.cx.resolutions.set(expr, { kind: "ai_requests", prompt });
      return { kind: "list", item: { kind: "named", decl: prompt.valuesType } };
    case "sent":
      b.cx.resolutions.set(expr, { kind: "ai_sent", prompt });
      return { kind: "list", item: { kind: "named", decl: b.cx.prelude.sentRequest } };
    case "retries":
      b.cx.resolutions.set(expr, { kind: "ai_retries", prompt });
      return INT;
    case "usage":
      b.cx.resolutions.set(expr, { kind: "ai_usage", prompt });
      return usage;
    default:
      b.cx.resolutions.set(expr, { kind: "ai_attempts", prompt });
      return INT;
  }
}

/** `ai.<prompt>.called.<tool>`: every call of the tool whose arguments decoded, as its arguments type. */
function checkToolCalled(b: Body, env: Locals, expr: MemberExpr, prompt: PromptInfo): Type {
  const name = expr.name.name;
  const full = `ai.${prompt.name}.called.${name}`;
  const tool = prompt.tools.find((t) => t.name === name);
  if (!tool) {
    reportUnknownName(b, env, expr.name.span, full, prompt.tools.map((t) => `ai.${prompt.name}.called.${t.name}`));
    return ERROR;
  }
  testOnly(b, expr.span, `\`${full}\``, "Read what a fake was asked in a test");
  b.cx.resolutions.set(expr, { kind: "ai_called", prompt, tool });
  return { kind: "list", item: tool.argsType };
}

/** A record field of a value of `type`. */
export function fieldOf(b: Body, expr: MemberExpr, type: Type): Type {
  if (type.kind === "error") return ERROR;
  const name = expr.name.name;
  if (type.kind === "optional") {
    const inner = objectOf(type.inner);
    report(b.cx, diagnostic("type.mismatch", expr.object.span, {
      variant: "types", expected: printType(type.inner), found: printType(type),
      suggestion: `Match on it first: \`some(x)\` gives the \`${printType(type.inner)}\`${inner ? ` whose \`${name}\` you want` : ""}`,
    }));
    return ERROR;
  }
  const object = objectOf(type);
  const fields = object && object.def.kind === "object" ? object.def.fields : [];
  const field = fields.find((f) => f.name === name);
  if (!field) {
    const near = closest(name, fields.map((f) => f.name));
    report(b.cx, diagnostic("type.unknown_field", expr.name.span, {
      type: printType(type), field: name,
      suggestion: didYouMean(near, fields.length > 0 ? `Use one of ${fields.map((f) => `\`${f.name}\``).join(", ")}` : `\`${printType(type)}\` has no fields`),
    }, [], changeTo(expr.name.span, near)));
    return ERROR;
  }
  b.cx.resolutions.set(expr, { kind: "field", name });
  return field.type;
}
