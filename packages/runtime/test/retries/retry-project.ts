// A small project for the retry and usage tests: a generate prompt, a Text-based one, a stream, a
// tool prompt and `ai.embed`, behind a connection whose `retries:` and `timeout` each test chooses.

/** `app.jadpo` with the connection's extra entries (`retries: …`, `timeout: …`). */
export function appWith(entries = ""): string {
  return `locales { default: "en-GB" supported: ["en-GB"] }

connection model {
    capability: ai
    driver: openai_compatible
    base_url: "http://127.0.0.1:9/v1"
    model: "test-model"
    embedding_dimensions: 3
${entries}}
`;
}

export const SHOP = `
type Reply = Object {
    resolved: Bool
    text: Text
}
type Line = Text { max_length: 20 }
type OrderQuery = Object {
    code: Text
}

prompt answer_question(question: Text) {
    system: "You answer bakery customers."
    text: "Answer: {question}"
}

prompt summarise(question: Text) {
    text: "Summarise: {question}"
}

prompt chat(topic: Text) {
    system: "Be brief."
    text: "Q: {topic}"
}

function find_order(query: OrderQuery) -> Text {
    return query.code
}

prompt order_question(question: Text) {
    text: "Question: {question}"
    tools: { find_order: "Finds an order by its code." }
    max_steps: 2
}

action ask(question: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Reply {
    return attempt ai.generate(AnswerQuestion { question: question }, as: Reply)
}

action summary_of(question: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Line {
    return attempt ai.generate(Summarise { question: question }, as: Line)
}

action talk(topic: Text) -> StreamedText {
    return ai.stream(Chat { topic: topic })
}

action answer_order(question: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable, AiLoopLimit -> Reply {
    return attempt ai.generate(OrderQuestion { question: question }, as: Reply)
}

action vector_of(text: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong -> Embedding {
    return attempt ai.embed(text)
}
`;

export const SHOP_FILE = "domains/shop/shop.jadpo";
export const TEST_FILE = "domains/shop/shop.test.jadpo";

export function shopFiles(tests: string, connectionEntries = "", extra: Record<string, string> = {}): Record<string, string> {
  return { "app.jadpo": appWith(connectionEntries), [SHOP_FILE]: SHOP, [TEST_FILE]: tests, ...extra };
}
