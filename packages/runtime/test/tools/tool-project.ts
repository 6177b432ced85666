// A small shop whose prompt has tools: an order look-up that can fail, and a function that needs no
// input. Shared by the loop's tests.
import { projectOf, type Project } from "../../src/testing/project.ts";

export const SOURCE = `type OrderCode = Text { pattern: "[A-Z]{3}-[0-9]{4}" }
type OrderQuery = Object {
    code: OrderCode
}
type OrderStatus = Object {
    code: OrderCode
    ready: Bool
}
type NoInput = Object { }
type Reply = Object {
    reply: Text
    status_known: Bool
}
failure OrderNotFound { kind: NotFound  message: "No such order." }
failure Unanswered { kind: Unavailable  message: "No answer." }

action find_order(query: OrderQuery) fails OrderNotFound -> OrderStatus {
    if query.code == "ZZZ-0000" {
        reject OrderNotFound
    }
    return OrderStatus { code: query.code  ready: true }
}

function opening_hours(input: NoInput) -> Text {
    return "9 to 5"
}

prompt order_question(question: Text) {
    system: "You answer bakery customers."
    text: "Question: {question}"
    tools: {
        find_order: "Finds an order by its code, such as ABC-1234."
        opening_hours: "Today's opening hours."
    }
    max_steps: 8
}

action ask(question: Text) fails Unanswered -> Reply {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r
        failure _ => reject Unanswered
    }
}

action ask_or_limit(question: Text) -> Text {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r.reply
        failure AiLoopLimit => "limit"
        failure AiUnreadable => "unreadable"
        failure _ => "other"
    }
}
`;

/** The shop with `tests`; `extra` source after its own, and `files` (recordings, by path) beside it. */
export function toolProject(tests: string, aiMode: "sync" | "async" = "sync", extra = "", files: Record<string, string> = {}): Project {
  return projectOf({ "domains/shop/shop.jadpo": SOURCE + extra, "domains/shop/shop.test.jadpo": tests, ...files }, aiMode);
}
