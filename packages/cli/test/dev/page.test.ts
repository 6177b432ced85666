// The /_dev page: every call newest first, every value escaped, the reason shown under the source.
import { describe, expect, it } from "vitest";
import type { DevCall } from "@jadpo/runtime/dev";
import { escapeHtml, renderCallsPage } from "../../src/commands/dev/page.ts";
import { callLine, listenProblem } from "../../src/commands/dev/run.ts";

const first: DevCall = {
  id: "call_1",
  time: "2026-11-30T09:30:00.000Z",
  prompt: "answer_question",
  version: "answer_question@b44ecc53",
  values: { question: "<img src=x onerror=alert(1)> & 'you'", reader_locale: "en-GB" },
  source: "recording not_covered",
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

  it("writes a call as one row, every value escaped", () => {
    const row = html.split("\n").find((line) => line.startsWith('<tr data-call-id="call_1">'));
    expect(row).toBe(
      '<tr data-call-id="call_1"><td class="id"><code>call_1</code></td><td class="time">2026-11-30T09:30:00.000Z</td>' +
        '<td class="prompt"><code>answer_question</code><br><small>answer_question@b44ecc53</small></td>' +
        '<td class="values"><dl><dt>question</dt><dd><pre>&lt;img src=x onerror=alert(1)&gt; &amp; &#39;you&#39;</pre></dd><dt>reader_locale</dt><dd><pre>en-GB</pre></dd></dl></td>' +
        '<td class="source">recording not_covered<div class="reason">the sandbox&#39;s per_day limit of 3 model requests is reached for 2026-11-30 (UTC)</div></td>' +
        '<td class="num">1</td><td class="num">4 ms</td><td class="outcome success">success</td></tr>',
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("examples/&lt;support&gt; · 2 calls · local_model: 3 of 3 sandbox model requests today (UTC)");
    expect(html).toContain('<td class="outcome failure">failure AiUnreadable</td>');
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
      "  call_1 answer_question ← recording not_covered · 1 attempt · 4 ms · success\n" +
        "      because the sandbox's per_day limit of 3 model requests is reached for 2026-11-30 (UTC)",
    );
    expect(callLine(second)).toBe("  call_2 answer_question ← model · 2 attempts · 4 ms · failure AiUnreadable");
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
