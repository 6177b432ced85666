// The project the name-table tests (references, rename, signature help…) speak about: a copy of
// the example plus a tool prompt (`order_question`, whose tool `find_order` takes an
// `OrderQuery`), an action asking it, a test scripting a `call` and reading `.called.find_order`,
// the `sesame` recording naming its fixture (`asked.fixture`), as `ai record --fixture` writes it,
// and a recording of the tool prompt whose step called the tool.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyExample } from "../support/example.ts";
import { LspClient, type Position } from "../support/lsp.ts";

export const ORDERS = "domains/support/orders.jadpo";
export const ORDERS_TEST = "domains/support/orders.test.jadpo";
export const SESAME = "domains/support/prompts/recordings/answer_question/sesame.json";
/** A recording of the tool prompt, whose one step called `find_order`. */
export const READY = "domains/support/recordings/order_question/ready.json";

const READY_SOURCE = `{
  "answer": true,
  "steps": [
    {
      "calls": [
        {
          "arguments": {
            "code": "ABC-1234"
          },
          "tool": "find_order"
        }
      ]
    }
  ],
  "version": "order_question@00000000"
}
`;

const ORDERS_SOURCE = `type OrderQuery = Object {
    code: Text
}

function find_order(query: OrderQuery) -> Bool {
    return query.code == "ABC-1234"
}

prompt order_question(question: CustomerQuestion) {
    text: "Question: {question}"
    tools: { find_order: "Finds an order by its code." }
}

action ask_order(question: CustomerQuestion) fails AssistantUnavailable -> Bool {
    return match ai.generate(OrderQuestion { question: question }, as: Bool) {
        success(found) => found
        failure _ => reject AssistantUnavailable
    }
}
`;

const ORDERS_TEST_SOURCE = `test "an order is looked up" {
    fakes: {
        ai.order_question: [call find_order(OrderQuery { code: "ABC-1234" }), raw_call("find_order", "{}"), true]
    }
    var found: Bool = attempt ask_order("Where is ABC-1234?")
    assert found
    var looked_up: List<OrderQuery> = ai.order_question.called.find_order
    assert list.count(looked_up) == 1
}
`;

export function copyToolProject(prefix: string): string {
  const root = copyExample(prefix);
  writeFileSync(join(root, ORDERS), ORDERS_SOURCE);
  writeFileSync(join(root, ORDERS_TEST), ORDERS_TEST_SOURCE);
  mkdirSync(join(root, dirname(READY)), { recursive: true });
  writeFileSync(join(root, READY), READY_SOURCE);
  const sesame = readFileSync(join(root, SESAME), "utf8").replace(
    '  "version"',
    '  "asked": {\n    "fixture": "questions.sesame",\n    "model": "meta-llama/Llama-3.1-8B-Instruct",\n    "values": "3f9a0c12"\n  },\n  "version"',
  );
  writeFileSync(join(root, SESAME), sesame);
  return root;
}

/** A server on a new copy of the project, with `open` open and checked clean (requests answer from the last complete check). */
export async function startOnToolProject(prefix: string, open: string[], capabilities: object = {}): Promise<{ root: string; client: LspClient }> {
  const root = copyToolProject(prefix);
  const client = await LspClient.start(root, undefined, capabilities);
  for (const path of open) await client.open(path);
  for (const path of open) await client.diagnosticsOf(path, (d) => d.length === 0);
  return { root, client };
}

export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export type DocumentChange =
  | { textDocument: { uri: string }; edits: TextEdit[] }
  | { kind: "rename"; oldUri: string; newUri: string };

export interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: DocumentChange[];
}

function offsetOf(text: string, p: Position): number {
  const lines = text.split("\n");
  return lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  for (const e of [...edits].sort((a, b) => offsetOf(text, b.range.start) - offsetOf(text, a.range.start))) {
    text = text.slice(0, offsetOf(text, e.range.start)) + e.newText + text.slice(offsetOf(text, e.range.end));
  }
  return text;
}

/** Applies a rename's edit to the files on disk, in order (text edits, then renames), as an editor would. */
export function applyToDisk(edit: WorkspaceEdit): void {
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const path = fileURLToPath(uri);
    writeFileSync(path, applyEdits(readFileSync(path, "utf8"), edits));
  }
  for (const change of edit.documentChanges ?? []) {
    if ("kind" in change) renameSync(fileURLToPath(change.oldUri), fileURLToPath(change.newUri));
    else {
      const path = fileURLToPath(change.textDocument.uri);
      writeFileSync(path, applyEdits(readFileSync(path, "utf8"), change.edits));
    }
  }
}
