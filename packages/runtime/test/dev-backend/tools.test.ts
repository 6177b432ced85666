// `jadpo dev`'s answers to a tool prompt: from a recording (its steps replayed, the tools run), else
// the test fake's unscripted steps (each tool once, then a generated answer), and a sandboxed one
// through the real loop and the driver — each step one of the day's requests. Every call's log line
// shows each step: the tool, its arguments, its result or failure, keys redacted and bounded.
import { describe, expect, it } from "vitest";
import { recordingPath } from "@jadpo/compiler";
import { readUsageFile } from "../../src/dev-backend/usage.ts";
import { LOGGED_STEPS_MAX } from "../../src/dev-log/call.ts";
import type { Behaviour } from "../../src/testing/openai-server.ts";
import { projectOf } from "../../src/testing/project.ts";
import { SHOP_BROKEN, SHOP_SUMMARIZED } from "../../src/testing/shop.ts";
import { SOURCE } from "../tools/tool-project.ts";
import { devApp, devBackends, type Dev } from "./dev-harness.ts";

const KEY = "sk-dev-tools-5b2c9e1f0a7d3e4b";

function app(sandbox: boolean, perDay = 50): string {
  return devApp(sandbox ? ["order_question"] : [], perDay);
}

/** A prompt whose one tool asks AI itself. */
const EXTRA = `${SHOP_SUMMARIZED}
prompt order_summary(question: Text) {
    text: "Question: {question}"
    tools: {
        summarized: "Summarizes an order."
    }
    max_steps: 3
}

${SHOP_BROKEN}
action ask_summary(question: Text) -> Text {
    return match ai.generate(OrderSummary { question: question }, as: Text) {
        success(t) => t
        failure AiLoopLimit => "limit"
        failure _ => "other"
    }
}
`;

const FOLDER = recordingPath("domains/shop/shop.jadpo", "order_question", "x").slice(0, -"/x.json".length);

const { server: model, dev: devOf } = devBackends("jadpo-dev-tools-");

function dev(options: { sandbox?: boolean; perDay?: number; recordings?: Record<string, string> } = {}): Dev {
  const files: Record<string, string> = { "app.jadpo": app(options.sandbox ?? false, options.perDay), "domains/shop/shop.jadpo": SOURCE + EXTRA };
  for (const [name, text] of Object.entries(options.recordings ?? {})) files[`${FOLDER}/${name}.json`] = text;
  return devOf(files, { JADPO_AI_BASE_URL: model().url, JADPO_AI_KEY: KEY });
}

const version = projectOf({ "app.jadpo": app(false), "domains/shop/shop.jadpo": SOURCE + EXTRA }).program.prompts.get("order_question")!.version;

function script(steps: Behaviour[]): void {
  model().setBehaviour({ kind: "script", steps });
}

describe("a tool prompt in `jadpo dev`", () => {
  it("unsandboxed and unrecorded: calls each tool once with generated arguments, then a generated answer; the line shows each step", async () => {
    const d = dev();
    await d.ask("ask", "Is ABC-1234 ready?");
    expect(d.lines).toHaveLength(1);
    const line = d.lines[0];
    expect([line.prompt, line.source, line.attempts, line.outcome]).toEqual(["order_question", "generated", 3, "success"]);
    expect(line.steps?.map((s) => s.calls.map((c) => c.tool))).toEqual([["find_order"], ["opening_hours"]]);
    const [[find], [hours]] = line.steps!.map((s) => s.calls);
    expect((find.arguments as { code: string }).code).toMatch(/^[A-Z]{3}-[0-9]{4}$/);
    expect(find.result).toEqual({ code: (find.arguments as { code: string }).code, ready: true });
    expect(hours).toEqual({ tool: "opening_hours", arguments: {}, result: "9 to 5" });
    expect(Object.keys(line.answer as object).sort()).toEqual(["reply", "status_known"]);
    expect(model().requests).toEqual([]);
    // The same values give the same steps and answer.
    await d.ask("ask", "Is ABC-1234 ready?");
    expect(d.lines[1].steps).toEqual(line.steps);
    expect(d.lines[1].answer).toEqual(line.answer);
  });

  it("from a recording: replays its steps (the tools run), then its answer", async () => {
    const ready = `${JSON.stringify({ answer: { reply: "{Text}", status_known: true }, steps: [{ calls: [{ arguments: { code: "ZZZ-0000" }, tool: "find_order" }] }], version })}\n`;
    const d = dev({ recordings: { ready } });
    await d.ask("ask", "Where is ZZZ-0000?");
    const line = d.lines[0];
    expect([line.source, line.attempts, line.outcome, line.answer]).toEqual(["recording ready (no recording of these values)", 2, "success", { reply: "{Text}", status_known: true }]);
    expect(line.steps).toEqual([{ calls: [{ tool: "find_order", arguments: { code: "ZZZ-0000" }, error: { code: "order_not_found", failure: "OrderNotFound", message: "No such order." } }] }]);
  });

  it("sandboxed: the real loop through the driver, each step one of the day's requests; bad calls show as the model wrote them", async () => {
    const d = dev({ sandbox: true });
    script([
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }, { name: "find_order", arguments: '{"code": 5}' }] },
      { kind: "tool_calls", calls: [{ name: "opening_hourz", arguments: "{}" }] },
      { kind: "answer", text: '{"reply":"Ready.","status_known":true}' },
    ]);
    expect(await d.ask("ask", "Is ABC-1234 ready?")).toEqual({ reply: "Ready.", status_known: true });
    expect(model().requests).toHaveLength(3);
    expect(requestsToday(d)).toBe(3);
    const line = d.lines[0];
    expect([line.source, line.attempts, line.outcome]).toEqual(["model", 3, "success"]);
    expect(line.steps).toEqual([
      { calls: [
        { tool: "find_order", arguments: { code: "ABC-1234" }, result: { code: "ABC-1234", ready: true } },
        { tool: "find_order", arguments: '{"code": 5}', error: { decode: "`type` on `code`: expected OrderCode, got Int" } },
      ] },
      { calls: [{ tool: "opening_hourz", arguments: "{}", error: { decode: "unknown tool `opening_hourz`" } }] },
    ]);
  });

  it("sandboxed, past per_day in the middle of a call: the rest of its steps are generated, and the line says why", async () => {
    const d = dev({ sandbox: true, perDay: 1 });
    script([{ kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] }]);
    await d.ask("ask", "?");
    expect(model().requests).toHaveLength(1);
    const line = d.lines[0];
    expect(line.source).toBe("generated");
    expect(line.reason).toMatch(/per_day limit of 1 model requests is reached/);
    // Step 1 from the model; step 2 generated, calling the fake's second tool; then a generated answer.
    expect(line.steps?.map((s) => s.calls.map((c) => c.tool))).toEqual([["find_order"], ["opening_hours"]]);
    expect([line.attempts, line.outcome]).toEqual([3, "success"]);
  });

  it("a call that reaches max_steps is `failure AiLoopLimit`, its last step's calls logged", async () => {
    const d = dev({ sandbox: true });
    script([{ kind: "tool_calls", calls: [{ name: "opening_hours", arguments: "{}" }] }]);
    expect(await d.ask("ask_or_limit", "?")).toBe("limit");
    const line = d.lines[0];
    expect([line.attempts, line.outcome, line.answer, line.steps?.length]).toEqual([8, "failure AiLoopLimit", undefined, 8]);
  });

  it("a call whose answer at max_steps doesn't decode is `failure AiLoopLimit`: no step is left for its correction", async () => {
    const d = dev({ sandbox: true });
    const calling: Behaviour = { kind: "tool_calls", calls: [{ name: "opening_hours", arguments: "{}" }] };
    script([...Array.from({ length: 7 }, () => calling), { kind: "answer", text: "Open all day." }]);
    expect(await d.ask("ask_or_limit", "?")).toBe("limit");
    const line = d.lines[0];
    expect([line.attempts, line.outcome, line.answer, line.steps?.length]).toEqual([8, "failure AiLoopLimit", undefined, 7]);
  });

  it("a tool's own AI call is its own line, and the loop's line is not cut short by it", async () => {
    const d = dev();
    expect(await d.ask("ask_summary", "?")).toEqual(expect.any(String));
    expect(d.lines.map((l) => [l.prompt, l.outcome])).toEqual([["order_summary", "success"], ["summarize", "success"]]);
    expect(d.lines[0].steps?.map((s) => s.calls.map((c) => c.tool))).toEqual([["summarized"]]);
    expect(typeof d.lines[0].steps?.[0].calls[0].result).toBe("string");
  });

  it("a call whose tool stops the action with a fault is `stopped`", async () => {
    const d = dev();
    expect(await d.ask("ask_broken", "?")).toMatchObject({ kind: "fault" });
    expect(d.lines.map((l) => [l.prompt, l.attempts, l.outcome, l.steps])).toEqual([["broken_question", 1, "stopped", undefined]]);
  });

  it("keeps no key in a step, and bounds the steps a line keeps", async () => {
    const d = dev({ sandbox: true });
    const many = Array.from({ length: 400 }, (_, i) => ({ name: "find_order", arguments: `{"code": "${KEY}", "n": ${i}, "pad": "${"x".repeat(400)}"}` }));
    script([{ kind: "tool_calls", calls: many }, { kind: "answer", text: '{"reply":"ok","status_known":false}' }]);
    await d.ask("ask", "?");
    const text = JSON.stringify(d.lines[0]);
    expect(text).not.toContain(KEY);
    expect(text).toContain("***");
    const step = d.lines[0].steps![0];
    expect(step.calls.length).toBeLessThan(400);
    expect(step.calls.length + (step.more_calls ?? 0)).toBe(400);
    expect(JSON.stringify(d.lines[0].steps).length).toBeLessThan(LOGGED_STEPS_MAX + 4096);
  });
});

function requestsToday(d: Dev): number {
  const usage = readUsageFile(d.usage.path);
  return usage.connections["local_model"]?.requests ?? 0;
}
