// `GET /_dev`: the development call log as a page people read — every call, newest first, with
// what was asked, where the answer came from and why. Every value is escaped: the log holds what
// callers typed. The page runs no script (the server also forbids it with a CSP header).
import type { DevCall } from "@jadpo/runtime/dev";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface PageFacts {
  /** The project's folder, as shown in the terminal. */
  project: string;
  /** `local_model: 3 of 50 model requests today (UTC)`, or null without a sandbox. */
  budget: string | null;
}

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d1d1f; }
  h1 { font-size: 1.4rem; margin-bottom: .25rem; }
  p.facts { color: #555; margin-top: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: .5rem .6rem; border-bottom: 1px solid #ddd; }
  th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: #666; }
  td.id, td.time, td.num { white-space: nowrap; }
  code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; max-width: 36rem; }
  dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: .15rem .6rem; }
  dt { color: #666; font-size: .85rem; }
  dd { margin: 0; }
  .reason { color: #8a5300; font-size: .9rem; }
  .failure { color: #b00020; font-weight: 600; }
  .success { color: #106b21; font-weight: 600; }
  .empty { color: #555; padding: 2rem 0; }
`;

/** Each field on its own line: text as it was given, anything else as JSON. */
function valuesList(values: DevCall["values"]): string {
  const items = Object.entries(values).map(([field, value]) => {
    const shown = typeof value === "string" ? value : JSON.stringify(value, null, 2);
    return `<dt>${escapeHtml(field)}</dt><dd><pre>${escapeHtml(shown)}</pre></dd>`;
  });
  return items.length === 0 ? "" : `<dl>${items.join("")}</dl>`;
}

function row(call: DevCall): string {
  const cell = (cls: string, html: string) => `<td class="${cls}">${html}</td>`;
  const outcomeClass = call.outcome === "success" ? "success" : "failure";
  const source = escapeHtml(call.source) + (call.reason !== undefined ? `<div class="reason">${escapeHtml(call.reason)}</div>` : "");
  return [
    `<tr data-call-id="${escapeHtml(call.id)}">`,
    cell("id", `<code>${escapeHtml(call.id)}</code>`),
    cell("time", escapeHtml(call.time)),
    cell("prompt", `<code>${escapeHtml(call.prompt)}</code><br><small>${escapeHtml(call.version)}</small>`),
    cell("values", valuesList(call.values)),
    cell("source", source),
    cell("num", String(call.attempts)),
    cell("num", `${call.duration_ms} ms`),
    cell(`outcome ${outcomeClass}`, escapeHtml(call.outcome)),
    "</tr>",
  ].join("");
}

/** The page for `calls`, given oldest first (as the log holds them); shown newest first. */
export function renderCallsPage(calls: readonly DevCall[], facts: PageFacts): string {
  const newestFirst = [...calls].reverse();
  const count = calls.length === 1 ? "1 call" : `${calls.length} calls`;
  const summary = [escapeHtml(facts.project), count, ...(facts.budget === null ? [] : [escapeHtml(facts.budget)])].join(" · ");
  const body = newestFirst.length === 0
    ? `<p class="empty">No AI calls yet. Call an action (<code>POST /actions/&lt;name&gt;</code>) and reload this page.</p>`
    : [
        "<table>",
        "<thead><tr><th>Call</th><th>Time (UTC)</th><th>Prompt</th><th>Values</th><th>Answer from</th><th>Attempts</th><th>Took</th><th>Outcome</th></tr></thead>",
        "<tbody>",
        ...newestFirst.map(row),
        "</tbody>",
        "</table>",
      ].join("\n");
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>jadpo dev · calls</title>",
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<h1>AI calls</h1>",
    `<p class="facts">${summary} · <a href="/_dev">reload</a> · <a href="/_dev/calls.json">as JSON</a></p>`,
    body,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
