// The /_dev page: every call newest first, every value escaped, the reason shown under the source.
import { describe, expect, it } from "vitest";
import type { DevCall } from "@jadpo/runtime/dev";
import { escapeHtml, renderCallsPage } from "../../src/commands/dev/page.ts";
import { callLine } from "../../src/commands/dev/run.ts";
import { listenProblem } from "../../src/listen-problem.ts";

const first: DevCall = {
  id: "call_1",
  time: "2026-11-30T09:30:00.000Z",
  prompt: "answer_question",
  version: "answer_question@b44ecc53",
  values: { question: "<img src=x onerror=alert(1)> & 'you'", reader_locale: "en-GB" },
  source: "recording not_covered (no recording of these values)",
  answer: { reply: "{Text}", resolved_by_articles: false },
  reason: "the sandbox's per_day limit of 3 model requests is reached for 2026-11-30 (UTC)",
  attempts: 1,
  duration_ms: 4,
  outcome: "success",
};
const second: DevCall = { ...first, id: "call_2", values: { question: "Sesame?", reader_locale: "en-GB" }, source: "model", attempts: 2, outcome: "failure AiUnreadable" };
delete (second as { reason?: string }).reason;

describe("renderCallsPage", () => {
  const html = renderCallsPage([first, second], { project: "examples/<support>", budget: "local_model: 3 of 3 sandbox model requests today (UTC)" });

  it("lists the calls newest first", () => {
    expect(html.indexOf('data-call-id="call_2"')).toBeGreaterThan(0);
    expect(html.indexOf('data-call-id="call_2"')).toBeLessThan(html.indexOf('data-call-id="call_1"'));
  });

  it("writes a call as one row, every value escaped, the answer beside its source", () => {
    const row = html.split("\n").find((line) => line.startsWith('<tr data-call-id="call_1">'));
    expect(row).toBe(
      '<tr data-call-id="call_1"><td class="call"><code>call_1</code><br><small>2026-11-30T09:30:00.000Z</small></td>' +
        '<td class="prompt"><code>answer_question</code><br><small>answer_question@b44ecc53</small></td>' +
        '<td class="values"><div class="field"><span class="name">question</span><pre>&lt;img src=x onerror=alert(1)&gt; &amp; &#39;you&#39;</pre></div>' +
        '<div class="field"><span class="name">reader_locale</span><pre>en-GB</pre></div></td>' +
        '<td class="source">recording not_covered (no recording of these values)<div class="reason">the sandbox&#39;s per_day limit of 3 model requests is reached for 2026-11-30 (UTC)</div></td>' +
        '<td class="answer"><div class="field"><span class="name">reply</span><pre>{Text}</pre></div>' +
        '<div class="field"><span class="name">resolved_by_articles</span><pre>false</pre></div></td>' +
        '<td class="outcome"><span class="success">success</span><br><small>1 attempt · 4 ms</small></td></tr>',
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("<h1>examples/&lt;support&gt; <small>· AI calls in jadpo dev</small></h1>");
    expect(html).toContain("2 calls · local_model: 3 of 3 sandbox model requests today (UTC)");
    expect(html).toContain('<span class="failure">failure AiUnreadable</span>');
  });

  it("shows a tool prompt's steps before its answer: each call's tool, arguments, and result or error, escaped", () => {
    const tools: DevCall = {
      ...first, id: "call_3", prompt: "order_question", attempts: 3,
      steps: [
        { calls: [{ tool: "find_order", arguments: { code: "ABC-1234" }, result: { code: "ABC-1234", ready: true } }] },
        { calls: [{ tool: "<find>", arguments: '{"code": 5}', error: { decode: "`type` on `code`: expected OrderCode, got Int" } }], more_calls: 2 },
      ],
    };
    const row = renderCallsPage([tools], { project: "support", budget: null }).split("\n").find((line) => line.startsWith('<tr data-call-id="call_3">'))!;
    const answer = row.slice(row.indexOf('<td class="answer">'), row.indexOf('<td class="outcome">'));
    expect(answer).toBe(
      '<td class="answer"><span class="name">steps</span><ol class="steps">' +
        '<li data-step="1"><div class="tool-call"><code>find_order</code><pre>{&quot;code&quot;:&quot;ABC-1234&quot;}</pre>' +
        '<span class="name">result</span><pre>{&quot;code&quot;:&quot;ABC-1234&quot;,&quot;ready&quot;:true}</pre></div></li>' +
        '<li data-step="2"><div class="tool-call"><code>&lt;find&gt;</code><pre>{&quot;code&quot;: 5}</pre>' +
        '<span class="name error">error</span><pre>{&quot;decode&quot;:&quot;`type` on `code`: expected OrderCode, got Int&quot;}</pre></div>' +
        '<small>2 more calls not kept</small></li></ol>' +
        '<div class="field"><span class="name">reply</span><pre>{Text}</pre></div>' +
        '<div class="field"><span class="name">resolved_by_articles</span><pre>false</pre></div></td>',
    );
  });

  it("folds a long value, with a way to open it", () => {
    const long = "Do you deliver to Jersey? ".repeat(10);
    const page = renderCallsPage([{ ...first, values: { question: long, reader_locale: "en-GB" } }], { project: "support", budget: null });
    expect(page).toContain(`<details><summary><code>${long.slice(0, 60)}…</code> <small>(${long.length} characters)</small></summary><pre>${long}</pre></details>`);
  });

  it("shows a failed action request's status and code, on its calls and in its own list", () => {
    const failedCall: DevCall = { ...second, request: { action: "answer_customer", status: 503, code: "assistant_unavailable" } };
    const page = renderCallsPage([failedCall], {
      project: "support", budget: null,
      failed: [
        { time: "2026-11-30T09:31:00.000Z", action: "answer_customer", status: 503, code: "assistant_unavailable", message: "The assistant is unavailable", calls: ["call_2"] },
        { time: "2026-11-30T09:32:00.000Z", action: "answer_customer", status: 400, code: "invalid_request", message: "`question` is missing", calls: [] },
      ],
    });
    expect(page).toContain('<div class="request">POST /actions/answer_customer → 503 <code>assistant_unavailable</code></div>');
    const rows = page.split("\n").filter((line) => line.startsWith("<tr data-failed-request>"));
    expect(rows).toEqual([
      '<tr data-failed-request><td class="call"><small>2026-11-30T09:32:00.000Z</small></td><td><code>POST /actions/answer_customer</code></td><td class="failure">400</td><td><code>invalid_request</code></td><td>`question` is missing</td><td></td></tr>',
      '<tr data-failed-request><td class="call"><small>2026-11-30T09:31:00.000Z</small></td><td><code>POST /actions/answer_customer</code></td><td class="failure">503</td><td><code>assistant_unavailable</code></td><td>The assistant is unavailable</td><td><code>call_2</code></td></tr>',
    ]);
  });

  it("shows a call's tokens and retries under its attempts, each on lines that may wrap", () => {
    const retried: DevCall = {
      ...second, id: "call_3", outcome: "success",
      retries: [{ status: 503, wait_ms: 1000 }, { error: "ECONNRESET", wait_ms: 2000 }],
      usage: { input_tokens: 96, output_tokens: 14, estimated: true },
    };
    const row = renderCallsPage([retried], { project: "p", budget: "" }).split("\n").find((line) => line.startsWith('<tr data-call-id="call_3">'))!;
    expect(row).toContain(
      '<small>2 attempts · 4 ms</small><div class="wraps"><small>96 in, 14 out tokens (estimated)</small></div>' +
        '<div class="wraps"><small>2 retries: HTTP 503 waited 1000 ms, ECONNRESET waited 2000 ms</small></div></td>',
    );
  });

  it("says so when there are no calls", () => {
    expect(renderCallsPage([], { project: ".", budget: null })).toContain("No AI calls yet.");
  });

  it("escapes the five characters HTML gives meaning to", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("callLine", () => {
  it("prints a call on one line, and why it was faked on the next", () => {
    expect(callLine(first)).toBe(
      "  call_1 answer_question ← recording not_covered (no recording of these values) · 1 attempt · 4 ms · success\n" +
        "      because the sandbox's per_day limit of 3 model requests is reached for 2026-11-30 (UTC)",
    );
    expect(callLine(second)).toBe("  call_2 answer_question ← model · 2 attempts · 4 ms · failure AiUnreadable");
  });

  it("says how many retries a call took, what each followed and how long it waited", () => {
    expect(callLine({ ...second, retries: [{ status: 429, wait_ms: 20000 }] })).toBe(
      "  call_2 answer_question ← model · 2 attempts · 1 retry: HTTP 429 waited 20000 ms · 4 ms · failure AiUnreadable",
    );
  });
});

describe("a port the server can't listen on", () => {
  it("is cli.port_in_use when taken, and cli.port_unavailable with the system's code otherwise", () => {
    expect([listenProblem(3000, "EADDRINUSE").rule, listenProblem(3000, "EADDRINUSE").summary]).toEqual(["cli.port_in_use", "Port 3000 is already in use"]);
    const refused = listenProblem(80, "EACCES");
    expect([refused.rule, refused.summary, refused.next]).toEqual([
      "cli.port_unavailable", "Port 80 can't be served on 127.0.0.1 (EACCES)", "Pass another `--port`, or `--port 0` to pick a free one",
    ]);
  });
});
