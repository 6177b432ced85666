// An order look-up in Jadpo source, for tests of prompts with tools: the compiler's check of a
// tool and the runtime's loop that calls it both start from it.

/** `find_order(OrderQuery) -> OrderStatus`, failing with OrderNotFound for the code `ZZZ-0000`; 15 lines. */
export const ORDER_LOOKUP = `type OrderCode = Text { pattern: "[A-Z]{3}-[0-9]{4}" }
type OrderQuery = Object {
    code: OrderCode
}
type OrderStatus = Object {
    code: OrderCode
    ready: Bool
}
failure OrderNotFound { kind: NotFound  message: "No such order." }
action find_order(query: OrderQuery) fails OrderNotFound -> OrderStatus {
    if query.code == "ZZZ-0000" {
        reject OrderNotFound
    }
    return OrderStatus { code: query.code  ready: true }
}
`;
