// The compiler's entry points for an editor: buffers over the disk, parses kept between compiles
// (only the changed file is parsed again, with the same diagnostics as a fresh compile), the
// nodes at an offset, and the facts kept for hover and definition.
import { describe, expect, test } from "vitest";
import { compileProject, compileSteps } from "../../src/pipeline.ts";
import { memoryHost } from "../../src/testing/memory-host.ts";
import { overlayHost } from "../../src/workspace/overlay-host.ts";
import { ParseCache } from "../../src/workspace/parse-cache.ts";
import { nodesAt } from "../../src/workspace/node-at.ts";

const disk = memoryHost({
  "/p/app.jadpo": "",
  "/p/domains/catalog/types.jadpo": "type Price = Decimal { min: 0 }\n",
  "/p/domains/shop/shop.jadpo": "use catalog/types { Price }\n\nfunction free() -> Price {\n    return 0\n}\n",
});
const encode = (text: string) => new TextEncoder().encode(text);

describe("compiling for an editor", () => {
  test("an open buffer wins over the disk, and an unsaved new file is part of the project", () => {
    const host = overlayHost(disk, new Map([
      ["/p/domains/catalog/types.jadpo", encode("type Cost = Decimal { min: 0 }\n")],
      ["/p/domains/shop/new.jadpo", encode("type Extra = Int\n")],
    ]));
    const result = compileProject(host, "/p", { toRun: false });
    expect(result.graph.files.map((f) => f.path)).toEqual(["app.jadpo", "domains/catalog/types.jadpo", "domains/shop/new.jadpo", "domains/shop/shop.jadpo"]);
    expect(result.diagnostics.map((d) => `${d.rule} ${d.span?.file}:${d.span?.line}`)).toEqual(["module.name_not_found domains/shop/shop.jadpo:1"]);
  });

  test("a second compile parses only the file that changed, and reports what a fresh compile does", () => {
    const parses = new ParseCache();
    compileProject(disk, "/p", { toRun: false, parses });
    expect(parses.parsedLastTime).toEqual(["app.jadpo", "domains/catalog/types.jadpo", "domains/shop/shop.jadpo"]);
    const edited = overlayHost(disk, new Map([["/p/domains/shop/shop.jadpo", encode("function free() -> Price {\n    return 0\n}\n")]]));
    const again = compileProject(edited, "/p", { toRun: false, parses });
    expect(parses.parsedLastTime).toEqual(["domains/shop/shop.jadpo"]);
    expect(again.diagnostics).toEqual(compileProject(edited, "/p", { toRun: false }).diagnostics);
    expect(again.diagnostics.map((d) => d.next)).toEqual(["`Price` is declared in `catalog/types`: add the line `use catalog/types { Price }`"]);
  });

  test("a compile dropped between two of its steps leaves the kept parses sound for the next one", () => {
    const parses = new ParseCache();
    compileProject(disk, "/p", { toRun: false, parses });
    const edited = overlayHost(disk, new Map([["/p/domains/shop/shop.jadpo", encode("function free() -> Price {\n    return 0\n}\n")]]));
    // Dropped after a few steps (as an editor drops a check a newer change made stale)…
    const dropped = compileSteps(edited, "/p", { toRun: false, parses });
    let taken = 0;
    while (taken < 3 && !dropped.next().done) taken++;
    expect(taken).toBe(3);
    // …then the next compile, of the text on disk again, is what a fresh one is.
    const next = compileProject(disk, "/p", { toRun: false, parses });
    expect(next.diagnostics).toEqual(compileProject(disk, "/p", { toRun: false }).diagnostics);
    expect(next.diagnostics).toEqual([]);
  });

  test("compileSteps pauses between files and declarations, and ends with compileProject's result", () => {
    const steps = compileSteps(disk, "/p", { toRun: false });
    let pauses = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) pauses++;
    expect(pauses).toBeGreaterThan(3 + 2); // a pause per file, per phase, per body at least
    expect(next.value.diagnostics).toEqual(compileProject(disk, "/p", { toRun: false }).diagnostics);
  });

  test("keepFacts keeps resolutions and expression types when checking only", () => {
    const only = compileProject(disk, "/p", { toRun: false });
    const kept = compileProject(disk, "/p", { toRun: false, keepFacts: true });
    expect(only.program!.exprTypes.size).toBe(0);
    expect(kept.program!.exprTypes.size).toBeGreaterThan(0);
    expect(kept.diagnostics).toEqual(only.diagnostics);
  });

  test("nodesAt walks from the declaration to the innermost node, a name's end included", () => {
    const result = compileProject(disk, "/p");
    const shop = result.graph.files.find((f) => f.path === "domains/shop/shop.jadpo")!;
    const offset = shop.source.text.indexOf("Price {") + "Price".length;
    const path = nodesAt(shop.syntax, offset);
    expect(path.map((step) => step.key)).toEqual(["decls", "returnType", "name"]);
    expect(path[path.length - 1].node).toMatchObject({ name: "Price" });
    expect(nodesAt(shop.syntax, shop.source.text.length + 5)).toEqual([]);
  });
});
