// The cache of checked projects never changes what jadpo says: after any sequence of edits (to
// sources, tests, recordings, or to the cache itself: deleted, corrupted), `jadpo check` and
// `jadpo test` print exactly what they print without the cache — from a cold run, a run that
// stores, and a run that reads (a passed test run shown again only adds that it was). In process, from sources (JADPO_CACHE=on turns the cache on there).
import { readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runJadpoHere } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

const TESTS = "domains/support/actions/answer_customer.test.jadpo";
const TYPES = "domains/support/types.jadpo";
const RECORDING = "domains/support/prompts/recordings/answer_question/not_covered.json";

type Edit = { name: string; apply: (root: string, original: (path: string) => string, state: { seed: number }) => void };

const cacheDir = (root: string) => join(root, ".jadpo/cache");
const cacheFiles = (root: string) => (existsSync(cacheDir(root)) ? readdirSync(cacheDir(root)).map((name) => join(cacheDir(root), name)) : []);

const edits: Edit[] = [
  { name: "a passing test", apply: (root) => appendFileSync(join(root, TESTS), `\ntest "extra ${Math.random()}" {\n    var reply: SupportAnswer = attempt answer_customer("Extra?")\n    assert ai.answer_question.attempts == 1\n}\n`) },
  { name: "a failing test", apply: (root) => appendFileSync(join(root, TESTS), `\ntest "fails" {\n    var reply: SupportAnswer = attempt answer_customer("Fails?")\n    assert reply.reply == "never this"\n}\n`) },
  { name: "a syntax error", apply: (root) => appendFileSync(join(root, TESTS), `\ntest "broken {\n`) },
  { name: "a type error", apply: (root, original) => writeFileSync(join(root, TYPES), original(TYPES).replace("reply: Text", "reply: Int")) },
  { name: "an interface change that type-checks", apply: (root, original) => writeFileSync(join(root, TYPES), original(TYPES).replace("reply: Text", "reply: Text\n    note: Text?")) },
  { name: "restore the tests", apply: (root, original) => writeFileSync(join(root, TESTS), original(TESTS)) },
  { name: "restore the types", apply: (root, original) => writeFileSync(join(root, TYPES), original(TYPES)) },
  { name: "an undecodable recording", apply: (root) => writeFileSync(join(root, RECORDING), "{") },
  { name: "restore the recording", apply: (root, original) => writeFileSync(join(root, RECORDING), original(RECORDING)) },
  { name: "another seed", apply: (_root, _original, state) => void (state.seed = 3 - state.seed) },
  { name: "delete the cache", apply: (root) => rmSync(join(root, ".jadpo"), { recursive: true, force: true }) },
  { name: "corrupt the cache", apply: (root) => cacheFiles(root).forEach((file, i) => writeFileSync(file, i % 2 ? "" : readFileSync(file).subarray(0, 40))) },
  { name: "garbage in the cache", apply: (root) => cacheFiles(root).forEach((file) => writeFileSync(file, new Uint8Array([0xff, 0xfe, 0x00, 0x7b]))) },
];

const withoutDurations = (text: string) => text.replace(/"duration_ms":\s*[\d.]+/g, '"duration_ms":0');
// A passed run shown again says so (the one difference the cache makes to a report).
const CACHED_LINE = "(cached: nothing changed since these tests passed; --no-cache runs them again)\n";
const withoutCachedMark = (text: string) => text.replace(',"cached":true}', "}").replace(CACHED_LINE, "");

async function outputs(root: string, seed: number, cache: "on" | "off"): Promise<string[]> {
  const env = { JADPO_CACHE: cache };
  const check = await runJadpoHere(["check", "--diagnostic-format", "json"], { cwd: root, env });
  const plain = await runJadpoHere(["check"], { cwd: root, env });
  const test = await runJadpoHere(["test", "--reporter", "json", "--seed", String(seed)], { cwd: root, env });
  const sweep = await runJadpoHere(["test", "--seeds", `${seed}..${seed + 2}`, "--coverage"], { cwd: root, env });
  return [check, plain, test, sweep].map((run) => `${run.code}\n${withoutCachedMark(withoutDurations(run.stdout))}\n${run.stderr}`);
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe("the cache of checked projects", () => {
  it("gives exactly the diagnostics and results of a run without it, under random edits", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: edits.length - 1 }), { minLength: 1, maxLength: 5 }), async (steps) => {
        const root = copyExample("jadpo-cache-prop-");
        roots.push(root);
        const originals = new Map<string, string>();
        const original = (path: string) => originals.get(path) ?? originals.set(path, readFileSync(join(root, path), "utf8")).get(path)!;
        [TESTS, TYPES, RECORDING].forEach(original);
        const state = { seed: 1 };
        // The unedited project's entry first: each edit then meets an entry made before it.
        await outputs(root, state.seed, "on");
        for (const edit of steps) {
          edits[edit].apply(root, original, state);
          const cold = await outputs(root, state.seed, "off");
          const stored = await outputs(root, state.seed, "on");
          const reused = await outputs(root, state.seed, "on");
          expect(stored, edits[edit].name).toEqual(cold);
          expect(reused, edits[edit].name).toEqual(cold);
        }
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("is used by check: an unchanged project's second check reads it, and deleting it is only a miss", async () => {
    const root = copyExample("jadpo-cache-used-");
    roots.push(root);
    const env = { JADPO_CACHE: "on" };
    const first = await runJadpoHere(["check"], { cwd: root, env });
    const entries = cacheFiles(root);
    expect(entries.length).toBe(1);
    // A stored summary with another declaration count is what the next check prints: it read the cache.
    const stored = readFileSync(entries[0], "utf8");
    expect(stored).toMatch(/"declarations":\s*\d+/);
    writeFileSync(entries[0], stored.replace(/"declarations":(\s*)\d+/, '"declarations":$19999'));
    const second = await runJadpoHere(["check"], { cwd: root, env });
    expect(second.stdout).toContain("9999 declarations");
    rmSync(cacheDir(root), { recursive: true, force: true });
    const third = await runJadpoHere(["check"], { cwd: root, env });
    expect(third.stdout).toBe(first.stdout);
  });
});
