// A small shop whose prompt has tools: an order look-up that can fail, and a function that needs no
// input. Shared by the loop's tests.
import { projectOf, type Project } from "../../src/testing/project.ts";
import { SHOP_ASK, SHOP_ORDERS } from "../../src/testing/shop.ts";

export const SOURCE = `${SHOP_ORDERS}
type NoInput = Object { }

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
${SHOP_ASK}
action ask_or_limit(question: Text) -> Text {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r.reply
        failure AiLoopLimit => "limit"
        failure AiUnreadable => "unreadable"
        failure _ => "other"
    }
}
`;

/** `count` script steps, each calling `opening_hours`, one a line at a script item's indent. */
export const openingHoursCalls = (count: number): string =>
  Array.from({ length: count }, () => "            call opening_hours(NoInput { })").join(",\n");

export function toolProject(tests: string, aiMode: "sync" | "async" = "sync", extra = "", files: Record<string, string> = {}): Project {
  return projectOf({ "domains/shop/shop.jadpo": SOURCE + extra, "domains/shop/shop.test.jadpo": tests, ...files }, aiMode);
}
