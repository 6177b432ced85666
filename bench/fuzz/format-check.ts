// The formatter's promises on one fuzz input (`pnpm fuzz`, bench/fuzz/run.ts): when it parses, its
// layout formats to itself and has the same syntax tree (spans aside). The seeded test
// (packages/compiler/test/format/properties.test.ts) checks more on fewer inputs.
import { formatSource, parseFile } from "../../packages/compiler/src/index.ts";

const shape = (path: string, content: string | Uint8Array): string =>
  JSON.stringify(parseFile(path, "source", content).syntax.decls, (key, value: unknown) => (key === "span" || key.endsWith("Span") ? undefined : value));

/** Null when the input doesn't parse (left as it is) or keeps both promises; else what went wrong. */
export function formatProblem(path: string, content: string | Uint8Array): { formatted: boolean; problem: string | null } {
  const first = formatSource(path, content);
  if (!first.ok) return { formatted: false, problem: null };
  const second = formatSource(path, first.text);
  if (!second.ok) return { formatted: true, problem: `fmt: its layout doesn't parse (${second.diagnostics[0].rule})` };
  if (second.text !== first.text) return { formatted: true, problem: "fmt: formatting its layout changes it" };
  if (shape(path, first.text) !== shape(path, content)) return { formatted: true, problem: "fmt: its layout has another syntax tree" };
  return { formatted: true, problem: null };
}
