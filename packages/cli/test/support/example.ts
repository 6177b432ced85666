// Projects for end-to-end tests: a copy of examples/support in a new temp folder (for tests that
// change files), and the seed's expected outputs kept in test/fixtures/.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { repo } from "./jadpo.ts";

/** A file of packages/cli/test/fixtures (the seed's expected outputs and recordings). */
export function fixture(name: string): string {
  return readFileSync(join(repo, "packages/cli/test/fixtures", name), "utf8");
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

  /**
   * Makes the answer's `reply` a `type <name> = Text { personal: false }`, which a recording keeps
   * verbatim; the example's test that builds a SupportAnswer from a Text converts it to match.
   */
  keepReplyVerbatim(name: string): this {
    const types = "domains/support/types.jadpo";
    const tests = "domains/support/actions/answer_customer.test.jadpo";
    this.write(types, `${this.read(types).replace("reply: Text", `reply: ${name}`)}\ntype ${name} = Text { personal: false }\n`);
    return this.write(tests, this.read(tests)
      .replace("use support/types { CustomerQuestion, SupportAnswer }", `use support/types { CustomerQuestion, ${name}, SupportAnswer }`)
      .replace("reply: rambling", `reply: ${name}(rambling)`));
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
