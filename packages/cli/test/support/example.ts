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

/** The example's connection, as the copy's `app.jadpo` declares it: its `timeout:` line, which retries follow. */
const CONNECTION_TIMEOUT = "    timeout: 30s\n";

/**
 * Makes the example's connection retry a request that failed in transport as often as by default
 * (twice) but at once: `backoff: 1ms` (1 ms then 2 ms, not 1 s then 2 s). For tests against a model
 * that can't be reached that are about something else than the waiting, which docs/dev.md's own
 * example (dev-page.test.ts) proves on the default. The example's own tests assert the default's
 * waits on their test clock, so a copy made so is not one to run `jadpo test` on.
 */
export function retryAtOnce(root: string): void {
  const path = join(root, "app.jadpo");
  const text = readFileSync(path, "utf8");
  if (!text.includes(CONNECTION_TIMEOUT) || text.includes("retries:")) throw new Error("app.jadpo's connection is not the one retryAtOnce edits");
  writeFileSync(path, text.replace(CONNECTION_TIMEOUT, `${CONNECTION_TIMEOUT}    retries: { max: 2  backoff: 1ms }\n`));
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

  /** See `retryAtOnce`. */
  retryingAtOnce(): this {
    retryAtOnce(this.root);
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
