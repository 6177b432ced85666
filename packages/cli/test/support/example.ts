// A copy of examples/support in a new temp folder, for end-to-end tests that change files.
// Each e2e area extends it with the way it runs `jadpo`.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

/** The repository root and the built binary every e2e test runs. */
export const repo = join(dirname(fileURLToPath(import.meta.url)), "../../..");
export const bin = join(repo, "packages/cli/bin/jadpo.mjs");

/** What one run of the binary gave. */
export interface Run {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Copies the example (without any `.jadpo/` state a local run left) into a new temp folder. */
export function copyExample(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  rmSync(join(root, ".jadpo"), { recursive: true, force: true });
  return root;
}

export class ExampleCopy {
  protected constructor(readonly root: string) {}

  write(path: string, text: string): this {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
    return this;
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), "utf8");
  }

  exists(path: string): boolean {
    return existsSync(join(this.root, path));
  }

  remove(path: string): this {
    rmSync(join(this.root, path), { recursive: true, force: true });
    return this;
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A factory of example copies for one test file: each copy is disposed after its test. */
export function disposedAfterEach<P extends { dispose(): void }>(make: () => P): () => P {
  let made: P[] = [];
  afterEach(() => {
    for (const project of made) project.dispose();
    made = [];
  });
  return () => {
    const project = make();
    made.push(project);
    return project;
  };
}
