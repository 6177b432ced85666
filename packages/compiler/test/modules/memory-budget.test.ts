// A project too large for the process's heap stops with one `limit.project_too_large`, never
// with the process running out of memory: over the budget its heap gives, before anything is
// parsed; with the heap nearly full, before the next file is parsed.
import { describe, expect, it } from "vitest";
import { compileProject } from "../../src/pipeline.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { HEAP_PER_SOURCE_BYTE, sourceBudget, type MemoryBudget } from "../../src/memory-budget.ts";
import { memoryHost } from "../../src/testing/index.ts";

const root = "/p";
const host = (files: Record<string, string>) =>
  memoryHost(Object.fromEntries(Object.entries({ "app.jadpo": "", ...files }).map(([path, text]) => [`${root}/${path}`, text])));

const MIB = 2 ** 20;
/** A 1 GiB heap: a budget of 1024 / 48 ≈ 21.3 MiB of source. */
const heap = (used = 0): MemoryBudget => ({ heapLimit: 1024 * MIB, heapUsed: () => used });
const text = (bytes: number) => `function f() -> Int { return 1 }\n${" ".repeat(bytes - 34)}`;

describe("the memory budget", () => {
  it("is the heap over the bytes of heap a byte of source takes", () => {
    expect(HEAP_PER_SOURCE_BYTE).toBe(48);
    expect(sourceBudget(heap())).toBe(Math.floor((1024 * MIB) / 48));
  });

  it("compiles a project within it as without one", () => {
    const files = { "domains/a/x.jadpo": text(MIB) };
    const result = compileProject(host(files), root, { memory: heap() });
    expect(result.diagnostics).toEqual([]);
    expect(result.stats).toEqual({ files: 2, declarations: 1 });
  });

  it("stops a project over it before parsing anything, with one diagnostic naming the limit", () => {
    const files = { "domains/a/x.jadpo": text(14 * MIB), "domains/a/y.jadpo": text(12 * MIB) };
    const result = compileProject(host(files), root, { memory: heap() });
    expect(result.program).toBeNull();
    expect(result.stats).toEqual({ files: 3, declarations: 0 });
    expect(result.diagnostics.map((d) => renderErrorPlain(d))).toEqual([
      [
        "error: The project's source and test files are 26.0 MiB, over the 21.3 MiB a run with a 1.0 GiB heap can hold",
        "  reason: A run holds every file's syntax tree and the checked program in memory at once (about 48 bytes for each byte of source), so jadpo stops before the process could run out of memory.",
        "  next: Give the run more memory, for example `NODE_OPTIONS=--max-old-space-size=8192` for an 8 GiB heap (the limit grows with it), or split the project (human)",
        "  rule: limit.project_too_large",
      ].join("\n"),
    ]);
  });

  it("stops before the next file once 70% of the heap is in use", () => {
    // Asked before each file is parsed (app.jadpo, x, y): full when y is next.
    let asked = 0;
    const memory: MemoryBudget = { heapLimit: 1024 * MIB, heapUsed: () => (++asked >= 3 ? 800 * MIB : 0) };
    const files = { "domains/a/x.jadpo": text(MIB), "domains/a/y.jadpo": text(MIB) };
    const result = compileProject(host(files), root, { memory });
    expect(result.program).toBeNull();
    expect(result.diagnostics.map((d) => renderErrorPlain(d))).toEqual([
      [
        "error: The project filled 0.8 GiB of this process's 1.0 GiB heap after reading 1.0 MiB of source",
        "  reason: A run holds every file's syntax tree and the checked program in memory at once (about 48 bytes for each byte of source), so jadpo stops before the process could run out of memory.",
        "  next: Give the run more memory, for example `NODE_OPTIONS=--max-old-space-size=8192` for an 8 GiB heap, or split the project (human)",
        "  rule: limit.project_too_large",
      ].join("\n"),
    ]);
  });
});
