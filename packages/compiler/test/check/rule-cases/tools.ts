// Rule cases for prompts with tools: `prompt.bad_tool` (each variant) and `ai.stream_tools`.
import { ORDER_LOOKUP } from "../../../src/testing/index.ts";
import { type RuleCase, shop, SCRIPT_REASON } from "./shared.ts";

/** A shop with an order look-up that can be a tool, and a prompt whose `tools:` is `tools`. */
export const TOOLED = (tools: string, extra = ""): string => `${ORDER_LOOKUP}type Reply = Object {
    reply: Text
}
prompt order_question(question: Text) {
    text: "Answer: {question}"
${tools}
}
${extra}`;

const TOOL_PROMPT = TOOLED(`    tools: { find_order: "Finds an order." }`, `action ask(question: Text) -> Text {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r.reply
        failure _ => "sorry"
    }
}
`);
const scripted = (items: string, source = TOOL_PROMPT): Record<string, string> => shop(source, {
  "domains/shop/ask.test.jadpo": `test "a scripted step" {\n    fakes: {\n        ai.order_question: [${items}]\n    }\n    var r = ask("Where?")\n}\n`,
});

export const toolCases: RuleCase[] = [
  {
    rule: "test.fake_type",
    title: "a tool call's argument, at its field",
    files: scripted(`call find_order(OrderQuery { code: 5 })`),
    expected: `error: A scripted tool call's argument doesn't decode as \`OrderQuery\` --> domains/shop/ask.test.jadpo:3:64
  decode: \`type\` on \`code\`: expected OrderCode, got Int
  reason: ${SCRIPT_REASON}
  next: Correct the scripted argument to the type (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a tool call's argument breaking a constraint",
    files: scripted(`calls [find_order(OrderQuery { code: "abc" })]`),
    expected: `error: A scripted tool call's argument doesn't decode as \`OrderQuery\` --> domains/shop/ask.test.jadpo:3:66
  decode: \`pattern\` on \`code\`: expected text matching "[A-Z]{3}-[0-9]{4}", got "abc"
  reason: ${SCRIPT_REASON}
  next: Correct the scripted argument to the type (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_unknown_tool",
    title: "a name that is not one of the prompt's tools",
    files: scripted(`call find_ordr(OrderQuery { code: "ABC-1234" })`),
    expected: `error: \`find_ordr\` is not a tool of \`order_question\` --> domains/shop/ask.test.jadpo:3:34
  reason: A scripted step calls the prompt's own tools, so each call is checked against its tool's arguments type when the test compiles.
  next: Did you mean \`find_order\`? (agent)
  rule: test.fake_unknown_tool`,
  },
  {
    rule: "test.fake_unknown_tool",
    title: "a prompt without tools",
    files: scripted(`raw_call("find_order", "{}")`, TOOLED("", `action ask(question: Text) -> Text {
    return match ai.generate(OrderQuestion { question: question }, as: Reply) {
        success(r) => r.reply
        failure _ => "sorry"
    }
}
`)),
    expected: `error: \`order_question\` has no tools, so its script can't call one --> domains/shop/ask.test.jadpo:3:29
  reason: A scripted step calls the prompt's own tools, so each call is checked against its tool's arguments type when the test compiles.
  next: Give \`order_question\` \`tools:\`, or script an answer (agent)
  rule: test.fake_unknown_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "not an action or function",
    files: shop(TOOLED(`    tools: { Reply: "A reply." }`)),
    expected: `error: \`Reply\` is a type, not an action or a function --> domains/shop/shop.jadpo:21:14
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: List an action or a function in \`tools:\` (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "two parameters",
    files: shop(TOOLED(`    tools: { both: "Two things." }`, `function both(a: OrderQuery, b: OrderQuery) -> Bool {\n    return true\n}\n`)),
    expected: `error: \`both\` takes 2 parameters, but a tool takes exactly one record --> domains/shop/shop.jadpo:21:14
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: Give \`both\` one parameter of an \`Object\` type; a tool that needs no input takes \`Object { }\` (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "not a record",
    files: shop(TOOLED(`    tools: { by_code: "By code." }`, `function by_code(code: OrderCode) -> Bool {\n    return true\n}\n`)),
    expected: `error: \`by_code\` takes a \`OrderCode\`, but a tool's parameter is a record --> domains/shop/shop.jadpo:21:14
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: Make the parameter an \`Object\` type, such as \`type OrderQuery = Object { code: Text }\` (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "no result",
    files: shop(TOOLED(`    tools: { note: "Notes an order." }`, `action note(query: OrderQuery) {\n    var code = query.code\n}\n`)),
    expected: `error: \`note\` returns no value, so the model would learn nothing from calling it --> domains/shop/shop.jadpo:21:14
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: Give \`note\` a result type after \`->\` (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "listed twice",
    files: shop(TOOLED(`    tools: {\n        find_order: "Finds an order."\n        find_order: "Finds it again."\n    }`)),
    expected: `error: \`find_order\` is listed twice in the tools of \`order_question\` --> domains/shop/shop.jadpo:23:9
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: Remove the second \`find_order\` (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "max_steps without tools",
    files: shop(TOOLED(`    max_steps: 4`)),
    expected: `error: \`order_question\` has \`max_steps:\` but no \`tools:\` --> domains/shop/shop.jadpo:21:5
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: Give \`order_question\` tools, or remove \`max_steps:\` (a prompt without tools answers in one step) (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "prompt.bad_tool",
    title: "an empty tools block, max_steps beside it",
    files: shop(TOOLED(`    tools: { }\n    max_steps: 4`)),
    expected: `error: The \`tools:\` of \`order_question\` lists no tool --> domains/shop/shop.jadpo:21:12
  reason: The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.
  next: List a tool, such as \`find_order: "Finds an order by its code."\`, or remove \`tools:\` (a prompt without tools answers in one step) (agent)
  rule: prompt.bad_tool`,
  },
  {
    rule: "name.unknown",
    title: "a tool nothing declares",
    files: shop(TOOLED(`    tools: { find_ordr: "Finds an order." }`)),
    expected: `error: \`find_ordr\` is not defined here --> domains/shop/shop.jadpo:21:14
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: Did you mean \`find_order\`? (agent)
  rule: name.unknown`,
  },
  {
    rule: "name.unknown",
    title: "a tool another module declares, not imported",
    files: shop(TOOLED(`    tools: { opening_hours: "Today's opening hours." }`), {
      "domains/hours/hours.jadpo": `type NoInput = Object { }\nfunction opening_hours(input: NoInput) -> Text {\n    return "9 to 5"\n}\n`,
    }),
    expected: `error: \`opening_hours\` is not defined here --> domains/shop/shop.jadpo:21:14
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: \`opening_hours\` is declared in \`hours/hours\`: add the line \`use hours/hours { opening_hours }\` (agent)
  rule: name.unknown`,
  },
  {
    rule: "type.bad_entry",
    title: "max_steps out of range",
    files: shop(TOOLED(`    tools: { find_order: "Finds an order." }\n    max_steps: 51`)),
    expected: `error: \`max_steps\` must be an Int from 1 to 50 --> domains/shop/shop.jadpo:22:16
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write \`max_steps: 8\` (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "ai.stream_tools",
    files: shop(TOOLED(`    tools: { find_order: "Finds an order." }`, `action tell(question: Text) -> Text {\n    return ai.stream(OrderQuestion { question: question }).text\n}\n`)),
    expected: `error: \`order_question\` has tools, so it can't be streamed --> domains/shop/shop.jadpo:24:12
  reason: A model with tools answers in turns, calling tools before its final answer, and only \`ai.generate\` runs those turns.
  next: Ask it with \`ai.generate(..., as: T)\`, or stream a second prompt without tools (agent)
  rule: ai.stream_tools`,
  },
];
