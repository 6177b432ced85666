// Whether a symbol may take a new name: its casing (types and failures UpperCamel, a prompt's
// values type too; every other name lower_snake), not a keyword, and no collision with a name
// already declared where it is declared or seen (`name.duplicate`, in the checker's words).
import {
  buildPrelude, diagnostic, isLowerSnake, isUpperCamel, keywordNames, NAMESPACES, PRELUDE_TYPE_NAMES, toLowerSnake, toUpperCamel,
  valuesTypeName, type Diagnostic, type NameSymbol, type Occurrence, type Span,
} from "@jadpo/compiler";
import type { Compiled } from "./project.ts";

/** Names the prelude and the library hold: taken everywhere. */
const PRELUDE_NAMES = new Set<string>([...PRELUDE_TYPE_NAMES, ...NAMESPACES, ...Object.values(buildPrelude([], "").aiFailures).map((f) => f.name)]);

const UPPER_KINDS = new Set<NameSymbol["kind"]>(["type", "failure"]);
const TOP_KINDS = new Set<NameSymbol["kind"]>(["type", "failure", "function", "action", "fixtures", "prompt", "connection"]);

/** The problem with renaming `symbol` (written as `form` at the cursor) to `newName`, as a diagnostic; null when it may. */
export function renameProblem(compiled: Compiled, symbol: NameSymbol, form: Occurrence["form"], newName: string, uses: readonly Occurrence[]): Diagnostic | null {
  const upper = form === "values_type" || UPPER_KINDS.has(symbol.kind);
  const cased = upper ? isUpperCamel(newName) : isLowerSnake(newName);
  // A values type's new name must be one a prompt's name turns into.
  const roundTrips = form !== "values_type" || valuesTypeName(toLowerSnake(newName)) === newName;
  if (!cased || !roundTrips) return diagnostic("name.casing", symbol.span, { name: newName, suggested: upper ? toUpperCamel(newName) : toLowerSnake(newName) });
  if ((keywordNames as readonly string[]).includes(newName) || PRELUDE_NAMES.has(newName)) {
    return diagnostic("name.duplicate", symbol.span, { name: newName, where: (keywordNames as readonly string[]).includes(newName) ? "the language as a keyword" : "the prelude" });
  }
  const snake = form === "values_type" ? toLowerSnake(newName) : newName;
  const where = collision(compiled, symbol, snake, uses);
  return where ? diagnostic("name.duplicate", symbol.span, { name: where.name, where: where.where }) : null;
}

function at(span: Span): string {
  return `\`${span.file}\`, on line ${span.line}`;
}

/** Where `name` (and for a prompt, its values type's name) is already declared, for the symbol's places. */
function collision(compiled: Compiled, symbol: NameSymbol, name: string, uses: readonly Occurrence[]): { name: string; where: string } | null {
  const graph = compiled.result.graph;
  if (TOP_KINDS.has(symbol.kind)) {
    const names = symbol.kind === "prompt" ? [name, valuesTypeName(name)] : [name];
    if (symbol.kind === "prompt") {
      const other = compiled.program?.prompts.get(name);
      if (other) return { name, where: at(other.decl.name.span) };
    }
    // Every file that declares or sees it must not see another declaration of the new name.
    for (const file of new Set([symbol.span.file, ...uses.map((u) => u.span.file)])) {
      const scope = graph.scopes.get(file)?.names;
      for (const n of names) {
        const ref = scope?.get(n);
        if (ref) return { name: n, where: at(ref.kind === "decl" ? ref.decl.name.span : ref.prompt.name.span) };
      }
    }
    return null;
  }
  // A field, enum member, fixture, parameter or local: its siblings, declared in the same declaration.
  const file = graph.files.find((f) => f.path === symbol.span.file);
  const decl = file?.syntax.decls.find((d) => d.span.start <= symbol.span.start && symbol.span.end <= d.span.end);
  if (!file || !decl) return null;
  const siblings: { name: string; span: Span }[] = [];
  if (decl.kind === "type" && decl.body.kind === "object") siblings.push(...decl.body.fields.map((f) => f.name));
  if (decl.kind === "type" && decl.body.kind === "enum") siblings.push(...decl.body.members);
  if (decl.kind === "fixtures") {
    for (const m of decl.members) {
      if (symbol.kind === "fixture") siblings.push(m.name);
      else if (m.span.start <= symbol.span.start && symbol.span.end <= m.span.end) siblings.push(...(m.params ?? []).map((p) => p.name));
    }
  }
  if (decl.kind === "function" || decl.kind === "action" || decl.kind === "prompt") siblings.push(...decl.params.map((p) => p.name));
  if (symbol.kind === "local" || symbol.kind === "parameter") {
    siblings.push(...file.syntax.locals.filter((l) => decl.span.start <= l.span.start && l.span.end <= decl.span.end));
  }
  const taken = siblings.find((s) => s.name === name && s.span.start !== symbol.span.start);
  return taken ? { name, where: at(taken.span) } : null;
}
