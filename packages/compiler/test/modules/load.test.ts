import { describe, expect, it } from "vitest";
import { discoverFiles, fileKind, findProjectRoot, moduleNames, parentPath } from "../../src/modules/load.ts";
import { memoryHost } from "../../src/testing/index.ts";

describe("module names", () => {
  it("names a source file's folder module and file module by its path below domains/", () => {
    expect(moduleNames("domains/support/types.jadpo")).toEqual({ folderModule: "support", fileModule: "support/types" });
    expect(moduleNames("domains/support/actions/answer_customer.jadpo")).toEqual({
      folderModule: "support/actions",
      fileModule: "support/actions/answer_customer",
    });
  });

  it("keeps `.test` in a test file's module, in both spellings", () => {
    expect(moduleNames("domains/support/actions/answer_customer.test.jadpo").fileModule).toBe("support/actions/answer_customer.test");
    expect(moduleNames("domains/support/functions/greeting.jadpotest").fileModule).toBe("support/functions/greeting.test");
  });

  it("puts app.jadpo and files directly in domains/ in no folder module", () => {
    expect(moduleNames("app.jadpo")).toEqual({ folderModule: "", fileModule: "app" });
    expect(moduleNames("domains/shared.jadpo")).toEqual({ folderModule: "", fileModule: "shared" });
  });

  it("tells test files from source files", () => {
    expect(fileKind("a/b.jadpo")).toBe("source");
    expect(fileKind("a/b.test.jadpo")).toBe("test");
    expect(fileKind("a/b.jadpotest")).toBe("test");
    expect(fileKind("a/b.json")).toBeNull();
    expect(fileKind("a/b.jadpo.bak")).toBeNull();
  });
});

describe("project root", () => {
  const host = memoryHost({ "/p/app.jadpo": "", "/p/domains/a/x.jadpo": "", "/q/readme.txt": "" });

  it("walks up from a folder or a file to the first folder holding app.jadpo", () => {
    expect(findProjectRoot(host, "/p")).toBe("/p");
    expect(findProjectRoot(host, "/p/domains/a")).toBe("/p");
    expect(findProjectRoot(host, "/p/domains/a/x.jadpo")).toBe("/p");
  });

  it("is null when no folder above holds app.jadpo", () => {
    expect(findProjectRoot(host, "/q")).toBeNull();
  });

  it("walks to the top of posix and drive paths", () => {
    expect(parentPath("/a/b")).toBe("/a");
    expect(parentPath("/a")).toBe("/");
    expect(parentPath("/")).toBeNull();
    expect(parentPath("C:/a")).toBe("C:/");
  });
});

describe("discovering files", () => {
  it("finds source, test and recording files, skipping build/, .jadpo/ and node_modules/", () => {
    const host = memoryHost({
      "/p/app.jadpo": "",
      "/p/domains/s/types.jadpo": "",
      "/p/domains/s/types.test.jadpo": "",
      "/p/domains/s/more.jadpotest": "",
      "/p/domains/s/notes.md": "",
      "/p/domains/s/prompts/ask.jadpo": "",
      "/p/domains/s/prompts/recordings/ask/sesame.json": "{}",
      "/p/build/out.jadpo": "",
      "/p/.jadpo/dev/x.jadpo": "",
      "/p/node_modules/pkg/y.jadpo": "",
      "/p/domains/s/node_modules/z.jadpo": "",
      "/p/domains/build/kept.jadpo": "",
    });
    const found = discoverFiles(host, "/p");
    expect(found.files.map((f) => `${f.kind} ${f.path}`)).toEqual([
      "source app.jadpo",
      "source domains/build/kept.jadpo",
      "test domains/s/more.jadpotest",
      "source domains/s/prompts/ask.jadpo",
      "source domains/s/types.jadpo",
      "test domains/s/types.test.jadpo",
    ]);
    expect(found.recordings).toEqual([
      { absolute: "/p/domains/s/prompts/recordings/ask/sesame.json", path: "domains/s/prompts/recordings/ask/sesame.json", promptName: "ask", name: "sesame" },
    ]);
  });
});
