// The development call log (`.jadpo/dev/calls.jsonl`, docs/dev-call-log.md): lines in the
// documented form, ids that only grow, the last call of a prompt, and bad lines skipped.
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { appendCall, capCall, DEV_CALL_LOG, formatCallLine, LOGGED_STEPS_MAX, parseCallLine, readCalls, readLastCall, readRecentCalls, type DevStep, type NewDevCall } from "../../src/dev-log/index.ts";
import { idReadCost } from "../../src/dev-log/log-file.ts";
import { linesBackwards, type ReadCost } from "../../src/dev-log/lines.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-dev-log-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function entry(prompt: string, question: string, extra: Partial<NewDevCall> = {}): NewDevCall {
  return {
    time: "2026-01-01T09:30:00.000Z", prompt, version: `${prompt}@b44ecc53`,
    values: { question, reader_locale: "en-GB" },
    source: "recording sesame", attempts: 1, duration_ms: 4, outcome: "success",
    ...extra,
  };
}

describe("the dev call log", () => {
  it("writes one JSON object per line, keys in the documented order, ids call_1, call_2, …", () => {
    const root = tempRoot();
    const first = appendCall(root, entry("answer_question", "Sesame?"));
    const second = appendCall(root, entry("answer_question", "Jersey?", {
      source: "generated", reason: "the sandbox's per_day limit of 50 is reached", attempts: 2, outcome: "failure AiUnreadable",
    }));
    expect(first.id).toBe("call_1");
    expect(second.id).toBe("call_2");
    expect(readFileSync(join(root, DEV_CALL_LOG), "utf8")).toBe(
      '{"id":"call_1","time":"2026-01-01T09:30:00.000Z","prompt":"answer_question","version":"answer_question@b44ecc53",' +
        '"values":{"question":"Sesame?","reader_locale":"en-GB"},"source":"recording sesame","attempts":1,"duration_ms":4,"outcome":"success"}\n' +
      '{"id":"call_2","time":"2026-01-01T09:30:00.000Z","prompt":"answer_question","version":"answer_question@b44ecc53",' +
        '"values":{"question":"Jersey?","reader_locale":"en-GB"},"source":"generated","reason":"the sandbox\'s per_day limit of 50 is reached",' +
        '"attempts":2,"duration_ms":4,"outcome":"failure AiUnreadable"}\n',
    );
    expect(readCalls(root)).toEqual([first, second]);
  });

  it("writes a tool prompt's steps after the outcome, each call's keys in order, and reads them back; `stopped` is an outcome", () => {
    const root = tempRoot();
    const steps = [
      { calls: [{ tool: "find_order", arguments: { code: "ABC-1234" }, result: { code: "ABC-1234", ready: true } }] },
      { calls: [{ tool: "find_order", arguments: '{"code": 5}', error: { decode: "`type` on `code`: expected OrderCode, got Int" } }], more_calls: 2 },
    ];
    const call = appendCall(root, entry("order_question", "Ready?", { attempts: 3, steps, answer: { reply: "{Text}" } }));
    const stopped = appendCall(root, entry("order_question", "Ready?", { outcome: "stopped", steps: [steps[0]] }));
    const lines = readFileSync(join(root, DEV_CALL_LOG), "utf8").split("\n");
    expect(lines[0]).toContain(
      '"outcome":"success","steps":[{"calls":[{"tool":"find_order","arguments":{"code":"ABC-1234"},"result":{"code":"ABC-1234","ready":true}}]},' +
      '{"calls":[{"tool":"find_order","arguments":"{\\"code\\": 5}","error":{"decode":"`type` on `code`: expected OrderCode, got Int"}}],"more_calls":2}],' +
      '"answer":{"reply":"{Text}"}}',
    );
    expect(readCalls(root)).toEqual([call, stopped]);
    expect(readCalls(root)[0].steps).toEqual(steps);
    // Steps that aren't steps (edited by hand) are left out; the call is still read.
    appendFileSync(join(root, DEV_CALL_LOG), `${lines[1].replace('"steps":[{"calls":[', '"steps":[{"calls":[7,').replace("call_2", "call_3")}\n`);
    expect(readCalls(root)[2]).toMatchObject({ id: "call_3", outcome: "stopped" });
    expect(readCalls(root)[2].steps).toBeUndefined();
  });

  it("bounds a line's steps: values cut to what is left of LOGGED_STEPS_MAX, later calls counted, not kept", () => {
    const big = "y".repeat(LOGGED_STEPS_MAX);
    const steps: DevStep[] = [{ calls: [
      { tool: "t", arguments: {}, result: "small" },
      { tool: "t", arguments: { big }, result: "never kept whole" },
      { tool: "t", arguments: {}, result: "left out" },
      { tool: "n".repeat(500), arguments: {}, result: "left out" },
    ] }];
    const capped = capCall(entry("order_question", "?", { steps })).steps!;
    expect(capped[0].calls.map((c) => c.result)).toEqual(["small", "… (cut: the result is 16 characters)"]);
    expect(capped[0].calls[1].arguments).toMatch(/^\{"big":"y+… \(cut: the arguments is \d+ characters\)$/);
    expect(capped[0].more_calls).toBe(2);
    expect(JSON.stringify(capped).length).toBeLessThan(LOGGED_STEPS_MAX + 200);
    // A model can name anything: a long tool name is cut too.
    const named = capCall(entry("order_question", "?", { steps: [{ calls: [{ tool: "n".repeat(500), arguments: {}, result: 1 }] }] })).steps!;
    expect(named[0].calls[0].tool).toMatch(/^n{200}… \(cut: the name is 500 characters\)$/);
  });

  it("reads docs/dev-call-log.md's example lines and writes each back byte for byte", () => {
    const page = readFileSync(join(repo, "docs/dev-call-log.md"), "utf8");
    const block = /\n```\n(\{"id":[^]*?)\n```\n/.exec(page)?.[1].split("\n") ?? [];
    expect(block.length).toBeGreaterThanOrEqual(3);
    for (const line of block) {
      const call = parseCallLine(line);
      expect(call).not.toBeNull();
      expect(formatCallLine(call!)).toBe(line);
    }
    expect(block.some((line) => parseCallLine(line)?.steps !== undefined)).toBe(true);
  });

  it("finds the last call of a prompt, and none for a prompt never called or without a log", () => {
    const root = tempRoot();
    expect(readLastCall(root, "answer_question")).toBeNull();
    appendCall(root, entry("answer_question", "First?"));
    appendCall(root, entry("answer_question", "Second?"));
    appendCall(root, entry("summarise", "Other?"));
    expect(readLastCall(root, "answer_question")?.values["question"]).toBe("Second?");
    expect(readLastCall(root, "answer_question")?.id).toBe("call_2");
    expect(readLastCall(root, "summarise")?.id).toBe("call_3");
    expect(readLastCall(root, "nobody")).toBeNull();
  });

  it("skips a line cut short or edited by hand, and keeps the next call on its own line", () => {
    const root = tempRoot();
    appendCall(root, entry("answer_question", "Kept?"));
    appendFileSync(join(root, DEV_CALL_LOG), '{"id":"call_2","time":"2026-01-01T09:3'); // a crash mid-write
    const next = appendCall(root, entry("answer_question", "After?"));
    expect(next.id).toBe("call_2");
    expect(readCalls(root).map((call) => call.values["question"])).toEqual(["Kept?", "After?"]);
    writeFileSync(join(root, DEV_CALL_LOG), `not json\n${readFileSync(join(root, DEV_CALL_LOG), "utf8")}{"id":"oops"}\n\n`);
    expect(readCalls(root).map((call) => call.id)).toEqual(["call_1", "call_2"]);
    expect(readLastCall(root, "answer_question")?.id).toBe("call_2");
  });

  it("reads back a log longer than one read chunk", () => {
    const root = tempRoot();
    const long = "x".repeat(1999);
    for (let i = 0; i < 80; i++) appendCall(root, entry(i % 2 === 0 ? "answer_question" : "summarise", `${long}${i}`));
    const calls = readCalls(root);
    expect(calls.map((call) => call.id)).toEqual(Array.from({ length: 80 }, (_, i) => `call_${i + 1}`));
    expect(readLastCall(root, "answer_question")?.values["question"]).toBe(`${long}78`);
  });

  it("gives unique ids to calls logged by two processes at once", async () => {
    const root = tempRoot();
    const script = join(root, "append.ts");
    writeFileSync(script, [
      `import { appendCall } from ${JSON.stringify(join(repo, "packages/runtime/src/dev-log/index.ts"))};`,
      // Both start appending at the same moment, once both are loaded, so their appends really interleave.
      "process.stdout.write(\"ready\\n\");",
      "process.stdin.once(\"data\", () => {",
      "  for (let i = 0; i < 100; i++) appendCall(process.argv[2], { time: \"2026-01-01T00:00:00.000Z\", prompt: \"p\", version: \"p@00000000\", values: {}, source: \"generated\", attempts: 1, duration_ms: 0, outcome: \"success\" });",
      "});",
    ].join("\n"));
    const children = [0, 1].map(() => spawn(process.execPath, ["--import", "tsx", script, root], { cwd: repo, stdio: ["pipe", "pipe", "ignore"] }));
    const closed = children.map((child) => new Promise<number | null>((resolve) => child.on("close", resolve)));
    await Promise.all(children.map((child, i) => Promise.race([new Promise((resolve) => child.stdout.once("data", resolve)), closed[i]])));
    for (const child of children) child.stdin.end("go\n");
    expect(await Promise.all(closed)).toEqual([0, 0]);
    const ids = readCalls(root).map((call) => call.id);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => `call_${i + 1}`));
  });
});

describe("a log with a very long line", () => {
  const big = (root: string, mib: number): number => {
    // What an unbounded 20 MB answer left in a log before lines were capped.
    const line = JSON.stringify({ id: "call_1", ...entry("answer_question", "Big?"), answer: "word ".repeat((mib * 1024 * 1024) / 5) });
    mkdirSync(join(root, ".jadpo/dev"), { recursive: true });
    writeFileSync(join(root, DEV_CALL_LOG), `${line}\n`);
    return Buffer.byteLength(line) + 1;
  };

  it("reads a 20 MB line backwards reading and copying each byte once", () => {
    const root = tempRoot();
    const size = big(root, 20);
    appendCall(root, entry("answer_question", "After?"));
    const cost: ReadCost = { read: 0, copied: 0 };
    const lines = [...linesBackwards(join(root, DEV_CALL_LOG), { cost })];
    expect(lines).toHaveLength(2);
    const total = statSync(join(root, DEV_CALL_LOG)).size;
    expect(total).toBeGreaterThan(size);
    expect(cost.read).toBe(total);
    expect(cost.copied).toBeLessThanOrEqual(total);
  });

  it("finds the next id once, then from memory: a second append reads nothing of the log", () => {
    const root = tempRoot();
    const size = big(root, 20);
    const before = idReadCost.read;
    expect(appendCall(root, entry("answer_question", "First?")).id).toBe("call_2");
    expect(idReadCost.read - before).toBeLessThanOrEqual(size);
    const after = idReadCost.read;
    expect(appendCall(root, entry("answer_question", "Second?")).id).toBe("call_3");
    expect(idReadCost.read).toBe(after);
  });

  it("keeps at most 64 KiB of an answer in one line, saying how long it was", () => {
    const root = tempRoot();
    const answer = { reply: "x".repeat(1024 * 1024), resolved_by_articles: false };
    const call = appendCall(root, entry("answer_question", "Long?", { answer }));
    const line = readFileSync(join(root, DEV_CALL_LOG), "utf8");
    expect(line.length).toBeLessThan(70 * 1024);
    expect(call.answer).toBe(`${JSON.stringify(answer).slice(0, 64 * 1024)}… (cut: the answer is ${JSON.stringify(answer).length} characters)`);
    expect(readCalls(root)[0].answer).toBe(call.answer);
  });

  it("serves the newest calls without blocking: other work runs between the chunks it reads", async () => {
    const root = tempRoot();
    big(root, 20);
    appendCall(root, entry("answer_question", "After?"));
    let ticks = 0;
    let reading = true;
    const tick = (): void => {
      ticks++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const calls = await readRecentCalls(root);
    reading = false;
    expect(calls.map((c) => c.id)).toEqual(["call_2", "call_1"]);
    expect(ticks).toBeGreaterThan(0);
    // Bounded: past the byte budget the reader stops, whatever the log holds.
    expect((await readRecentCalls(root, { calls: 10, bytes: 1024 * 1024 })).map((c) => c.id)).toEqual(["call_2"]);
    expect((await readRecentCalls(root, { calls: 1, bytes: 64 * 1024 * 1024 })).map((c) => c.id)).toEqual(["call_2"]);
  });
});

describe("the next id after another writer", () => {
  it("continues after lines another process appended, and after the log was rewritten in place", () => {
    const root = tempRoot();
    const path = join(root, DEV_CALL_LOG);
    appendCall(root, entry("answer_question", "Mine?"));
    // Another process logs two calls.
    appendFileSync(path, `${JSON.stringify({ id: "call_2", ...entry("p", "Theirs?") })}\n${JSON.stringify({ id: "call_3", ...entry("p", "Theirs too?") })}\n`);
    expect(appendCall(root, entry("answer_question", "Mine again?")).id).toBe("call_4");
    // Rewritten by hand, shorter: read again.
    writeFileSync(path, `${JSON.stringify({ id: "call_9", ...entry("p", "Edited?") })}\n`);
    expect(appendCall(root, entry("answer_question", "After the edit?")).id).toBe("call_10");
  });
});
