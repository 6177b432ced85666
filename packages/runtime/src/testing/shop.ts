// A small shop for tests of prompts with tools (Jadpo source): an order look-up that can fail, an
// action that asks AI itself, so a tool's own AI call can be followed, and a tool that faults.
// Tests add their prompts.
import { ORDER_LOOKUP } from "@jadpo/compiler/testing";

/** Order types, the failures, and `find_order`, which fails with OrderNotFound for `ZZZ-0000`. */
export const SHOP_ORDERS = `${ORDER_LOOKUP}type Reply = Object {
    reply: Text
    status_known: Bool
}
failure Unanswered { kind: Unavailable  message: "No answer." }
`;

/** `summarized`, a tool that asks the prompt `summarize` for a Text. */
export const SHOP_SUMMARIZED = `
prompt summarize(code: OrderCode) {
    text: "Summarize order {code} in a sentence."
}

action summarized(query: OrderQuery) -> Text {
    return match ai.generate(Summarize { code: query.code }, as: Text) {
        success(t) => t
        failure _ => "no summary"
    }
}
`;

/** `ask(question)`: `order_question` asked for a Reply, any failure rejected as Unanswered. */
export const SHOP_ASK = `
action ask(question: Text) fails Unanswered -> Reply {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r
        failure _ => reject Unanswered
    }
}
`;

/** `ask_broken(question)`: `broken_question`, whose one tool, `broken`, stops with a division by zero. */
export const SHOP_BROKEN = `
action broken(query: OrderQuery) -> Int {
    var none_long = text.length(query.code) - text.length(query.code)
    return 1 / none_long
}

prompt broken_question(question: Text) {
    text: "Question: {question}"
    tools: {
        broken: "Stops with a runtime fault."
    }
}

action ask_broken(question: Text) -> Text {
    return match ai.generate(BrokenQuestion { question: question }, as: Text) {
        success(t) => t
        failure _ => "other"
    }
}
`;
