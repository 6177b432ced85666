// The fake's help-desk project (../fake/help-project.ts) with a prompt with tools added, behind a
// connection whose `retries:` and `timeout` each test chooses: for the retry and usage tests.
import { APP, HELP, HELP_FILE, TEST_FILE } from "../fake/help-project.ts";

export { TEST_FILE };

const TOOLS = `
type OrderQuery = Object {
    code: Text
}

function find_order(query: OrderQuery) -> Text {
    return query.code
}

prompt order_question(question: Text) {
    text: "Question: {question}"
    tools: { find_order: "Finds an order by its code." }
    max_steps: 2
}

action answer_order(question: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable, AiLoopLimit -> Reply {
    return attempt ai.generate(OrderQuestion { question: question }, as: Reply)
}
`;

const DIMENSIONS = "    embedding_dimensions: 3\n";

/** The project with `tests`, the connection given `connectionEntries` (`retries: …`, `timeout: …`), and `extra` files. */
export function shopFiles(tests: string, connectionEntries = "", extra: Record<string, string> = {}): Record<string, string> {
  if (!APP.includes(DIMENSIONS)) throw new Error("the help project's connection changed: update retry-project.ts");
  return {
    "app.jadpo": APP.replace(DIMENSIONS, DIMENSIONS + connectionEntries),
    [HELP_FILE]: HELP + TOOLS,
    [TEST_FILE]: tests,
    ...extra,
  };
}
