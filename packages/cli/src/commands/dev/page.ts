// `GET /_dev`: the development call log as a page people read at a glance — every call, newest
// first: what was asked (one readable column; long values folded, opened with a click), where the
// answer came from and why, a tool prompt's steps (each call's tool, arguments and result or
// error) then the answer itself beside its source, and how it ended; then the
// action requests that did not succeed, with status and code. Every value is escaped: the log
// holds what callers typed. The page runs no script (the server also forbids it with a CSP header).
import { retriesText, type DevCall } from "@jadpo/runtime/dev";
import { plural } from "../../plural.ts";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** An action request that did not succeed, as the server saw it (kept while `jadpo dev` runs). */
export interface FailedRequest {
  /** ISO 8601, UTC. */
  time: string;
  action: string;
  status: number;
  code: string;
  message: string;
  /** The calls it made (`call_3`), in order. */
  calls: string[];
}

export interface PageFacts {
  /** The project's name: its folder's name (never `.`). */
  project: string;
  /** `local_model: 3 of 50 model requests today (UTC)`, or null without a sandbox. */
  budget: string | null;
  /** Newest last, as they happened. */
  failed?: readonly FailedRequest[];
}

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 84rem; padding: 0 1rem; color: #1d1d1f; }
  h1 { font-size: 1.4rem; margin-bottom: .25rem; }
  h2 { font-size: 1.1rem; margin-top: 2rem; }
  p.facts { color: #555; margin-top: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: .5rem .6rem; border-bottom: 1px solid #ddd; }
  th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: #666; }
  td.call, td.prompt, td.outcome { white-space: nowrap; }
  td.outcome .wraps { white-space: normal; max-width: 14em; }
  td.values { min-width: 26ch; width: 32%; }
  td.answer { min-width: 22ch; width: 28%; }
  small { color: #666; }
  code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .field { margin-bottom: .35rem; }
  .field > .name { display: block; color: #666; font-size: .8rem; }
  details > summary { cursor: pointer; color: #0b57d0; }
  .reason { color: #8a5300; font-size: .9rem; }
  .failure { color: #b00020; font-weight: 600; }
  .success { color: #106b21; font-weight: 600; }
  .request { color: #b00020; font-size: .9rem; }
  ol.steps { margin: 0 0 .5rem; padding-left: 1.4rem; }
  .tool-call { margin-bottom: .35rem; }
  .tool-call .error { color: #b00020; }
  .empty { color: #555; padding: 2rem 0; }
`;

/** Longer values than this are folded: their first line shows, the rest opens with a click. */
const FOLD_AT = 120;

/** A value as people read it: text as it was given, anything else as JSON on one line; long ones folded. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text.length <= FOLD_AT && !text.includes("\n")) return `<pre>${escapeHtml(text)}</pre>`;
  const full = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  const head = text.split("\n")[0].slice(0, 60);
  return `<details><summary><code>${escapeHtml(head)}…</code> <small>(${text.length} characters)</small></summary><pre>${escapeHtml(full)}</pre></details>`;
}

/** An answer: a record field by field, as the values are; anything else as one value. */
function answerHtml(answer: DevCall["answer"]): string {
  if (answer === undefined) return "<small>no answer</small>";
  if (answer !== null && typeof answer === "object" && !Array.isArray(answer)) return valuesList(answer);
  return shown(answer);
}

function valuesList(values: { readonly [field: string]: unknown }): string {
  return Object.entries(values)
    .map(([field, value]) => `<div class="field"><span class="name">${escapeHtml(field)}</span>${shown(value)}</div>`)
    .join("");
}

/** A tool prompt's steps, in order: each call's tool and arguments, then what went back (its result, or its error). */
function stepsHtml(steps: DevCall["steps"]): string {
  if (steps === undefined || steps.length === 0) return "";
  const items = steps.map((step, i) => {
    const calls = step.calls.map((c) => {
      const back = c.error !== undefined
        ? `<span class="name error">error</span>${shown(c.error)}`
        : `<span class="name">result</span>${shown(c.result ?? null)}`;
      return `<div class="tool-call"><code>${escapeHtml(c.tool)}</code>${shown(c.arguments)}${back}</div>`;
    });
    const more = step.more_calls === undefined ? "" : `<small>${plural(step.more_calls, "more call")} not kept</small>`;
    return `<li data-step="${i + 1}">${calls.join("")}${more}</li>`;
  });
  return `<span class="name">steps</span><ol class="steps">${items.join("")}</ol>`;
}

function outcomeCell(call: DevCall): string {
  const cls = call.outcome === "success" ? "success" : "failure";
  const attempts = `${plural(call.attempts, "attempt")} · ${call.duration_ms} ms`;
  // Wrapped, unlike the rest of the cell: a call can retry ten times, and use millions of tokens.
  const retries = call.retries === undefined ? "" : `<div class="wraps"><small>${escapeHtml(retriesText(call.retries))}</small></div>`;
  const request = call.request === undefined
    ? ""
    : `<div class="request">POST /actions/${escapeHtml(call.request.action)} → ${call.request.status} <code>${escapeHtml(call.request.code)}</code></div>`;
  const usage = call.usage === undefined
    ? ""
    : `<div class="wraps"><small>${call.usage.input_tokens} in, ${call.usage.output_tokens} out tokens${call.usage.estimated ? " (estimated)" : ""}</small></div>`;
  return `<td class="outcome"><span class="${cls}">${escapeHtml(call.outcome)}</span><br><small>${attempts}</small>${usage}${retries}${request}</td>`;
}

function row(call: DevCall): string {
  const cell = (cls: string, html: string) => `<td class="${cls}">${html}</td>`;
  const reason = call.reason !== undefined ? `<div class="reason">${escapeHtml(call.reason)}</div>` : "";
  return [
    `<tr data-call-id="${escapeHtml(call.id)}">`,
    cell("call", `<code>${escapeHtml(call.id)}</code><br><small>${escapeHtml(call.time)}</small>`),
    cell("prompt", `<code>${escapeHtml(call.prompt)}</code><br><small>${escapeHtml(call.version)}</small>`),
    cell("values", valuesList(call.values)),
    cell("source", escapeHtml(call.source) + reason),
    cell("answer", stepsHtml(call.steps) + answerHtml(call.answer)),
    outcomeCell(call),
    "</tr>",
  ].join("");
}

function failedTable(failed: readonly FailedRequest[]): string {
  if (failed.length === 0) return "";
  const rows = [...failed].reverse().map((r) =>
    `<tr data-failed-request><td class="call"><small>${escapeHtml(r.time)}</small></td><td><code>POST /actions/${escapeHtml(r.action)}</code></td>` +
    `<td class="failure">${r.status}</td><td><code>${escapeHtml(r.code)}</code></td><td>${escapeHtml(r.message)}</td>` +
    `<td>${r.calls.map((id) => `<code>${escapeHtml(id)}</code>`).join(" ")}</td></tr>`);
  return [
    "<h2>Action requests that did not succeed</h2>",
    "<table>",
    "<thead><tr><th>Time (UTC)</th><th>Request</th><th>Status</th><th>Code</th><th>Message</th><th>Calls</th></tr></thead>",
    "<tbody>",
    ...rows,
    "</tbody>",
    "</table>",
  ].join("\n");
}

/** The page for `calls`, given oldest first (as the log holds them); shown newest first. */
export function renderCallsPage(calls: readonly DevCall[], facts: PageFacts): string {
  const newestFirst = [...calls].reverse();
  const count = calls.length === 1 ? "1 call" : `${calls.length} calls`;
  const summary = [count, ...(facts.budget === null ? [] : [escapeHtml(facts.budget)])].join(" · ");
  const body = newestFirst.length === 0
    ? `<p class="empty">No AI calls yet. Call an action (<code>POST /actions/&lt;name&gt;</code>) and reload this page.</p>`
    : [
        "<table>",
        "<thead><tr><th>Call</th><th>Prompt</th><th>Values</th><th>Answer from</th><th>Answer</th><th>Outcome</th></tr></thead>",
        "<tbody>",
        ...newestFirst.map(row),
        "</tbody>",
        "</table>",
      ].join("\n");
  const project = escapeHtml(facts.project);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${project} · jadpo dev</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<h1>${project} <small>· AI calls in jadpo dev</small></h1>`,
    `<p class="facts">${summary} · <a href="/_dev">reload</a> · <a href="/_dev/calls.json">as JSON</a></p>`,
    body,
    failedTable(facts.failed ?? []),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
