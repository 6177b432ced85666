// Rule cases for `when` items and `like`: each problem of a `when`'s match is one `test.fake_type`,
// at the field (or the match); `like` outside `ai.embed`'s script is one too.
import { type RuleCase, shop, ANSWERING, SCRIPT_REASON } from "./shared.ts";

const EMBED = `action vector(words: Text) -> Embedding {\n    return match ai.embed(words) {\n        success(e) => e\n        failure _ => []\n    }\n}\n`;

const ORDERS = `type Order = Object {
    code: Text
    loaves: Int
}
prompt note(order: Order, urgent: Bool) {
    text: "A note for {order}."
}
action noted(order: Order) -> Text {
    return match ai.generate(Note { order: order  urgent: false }, as: Text) {
        success(t) => t
        failure _ => "none"
    }
}
`;

/** A test of `answer` whose script is `items`. */
const scripted = (items: string, key = "ask"): Record<string, string> => ({
  "domains/shop/answer.test.jadpo": `test "answers by question" {\n    fakes: {\n        ai.${key}: [${items}]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
});

export const whenCases: RuleCase[] = [
  {
    rule: "test.fake_type",
    title: "a when field of the wrong type, at the field's value",
    files: shop(ANSWERING, scripted("when { question: 5 } => refused")),
    expected: `error: A \`when\` item's field doesn't decode as \`Ask\` --> domains/shop/answer.test.jadpo:3:35
  decode: \`type\` on \`question\`: expected Question, got Int
  reason: ${SCRIPT_REASON}
  next: Match a valid \`Question\`: a call's values are always valid (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a when field the values lack: did you mean",
    files: shop(ANSWERING, scripted("when { questin: \"Hello?\" } => refused")),
    expected: `error: A \`when\` item's field doesn't decode as \`Ask\` --> domains/shop/answer.test.jadpo:3:25
  decode: \`unknown\` on \`questin\`: expected a field of Ask (question)
  reason: ${SCRIPT_REASON}
  next: Did you mean \`question\`? \`Ask\` has no field \`questin\` (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a when field given twice",
    files: shop(ANSWERING, scripted("when { question: \"Hello?\"  question: \"Hi?\" } => refused")),
    expected: `error: A \`when\` item's field doesn't decode as \`Ask\` --> domains/shop/answer.test.jadpo:3:45
  note: \`question\` is given twice; first on line 3
  reason: ${SCRIPT_REASON}
  next: Give \`question\` once: a call's \`question\` has one value (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a when field that breaks its type's constraint",
    files: shop(ANSWERING, scripted("when { question: \"\" } => refused")),
    expected: `error: A \`when\` item's field doesn't decode as \`Ask\` --> domains/shop/answer.test.jadpo:3:35
  decode: \`min_length\` on \`question\`: expected at least 1 character, got 0 characters
  reason: ${SCRIPT_REASON}
  next: Match a valid \`Question\`: a call's values are always valid (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a record-typed when field is given whole",
    files: shop(ORDERS, {
      "domains/shop/note.test.jadpo": `test "a note" {\n    fakes: {\n        ai.note: [when { order: Order { code: "A-1" } } => "Two."]\n    }\n    var n = noted(Order { code: "A-1"  loaves: 2 })\n}\n`,
    }),
    expected: `error: A \`when\` item's field doesn't decode as \`Note\` --> domains/shop/note.test.jadpo:3:33
  decode: \`missing\` on \`order.loaves\`: expected Int, got nothing
  reason: ${SCRIPT_REASON}
  next: Match a valid \`Order\`: a call's values are always valid (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a when text for a prompt",
    files: shop(ANSWERING, scripted("when \"Hello?\" => refused")),
    expected: `error: A \`when\` item's text doesn't decode as \`Ask\` --> domains/shop/answer.test.jadpo:3:23
  decode: \`type\` on \`the values\`: expected Ask, got Text
  reason: ${SCRIPT_REASON}
  next: Match the call's values by field, as in \`when { question: … } => …\`; a text matches \`ai.embed\`'s calls (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "when fields for ai.embed",
    files: shop(EMBED, {
      "domains/shop/vector.test.jadpo": `test "a vector" {\n    fakes: {\n        ai.embed: [when { words: "rye" } => refused]\n    }\n    var v = vector("rye")\n}\n`,
    }),
    expected: `error: A \`when\` item of \`ai.embed\` doesn't decode as \`Text\` --> domains/shop/vector.test.jadpo:3:25
  decode: \`type\` on \`the text\`: expected Text, got fields
  reason: ${SCRIPT_REASON}
  next: Match the text a call embeds, as in \`when "gluten-free" => …\` (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "like for a prompt",
    files: shop(ANSWERING, scripted("like(\"Hello?\")")),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:18
  decode: \`type\` on \`the answer\`: expected Answer, got an embedding
  reason: ${SCRIPT_REASON}
  next: \`like("…")\` answers \`ai.embed\` only: script an answer of \`Answer\` (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "numbers as the items of an embedding's when: the vector goes inside the list",
    files: shop(EMBED, {
      "domains/shop/vector.test.jadpo": `test "a vector" {\n    fakes: {\n        ai.embed: [when "rye" => [0.6, 0.8]]\n    }\n    var v = vector("rye")\n}\n`,
    }),
    expected: `error: A \`when\` item's answer doesn't decode as \`Embedding\` --> domains/shop/vector.test.jadpo:3:35
  decode: \`type\` on \`the answer\`: expected Embedding, got Decimal
  reason: ${SCRIPT_REASON}
  next: After \`=>\`, \`[\` opens the list of answers: write the one vector inside it, as \`=> [[0.6, 0.8]]\` (agent)
  rule: test.fake_type`,
  },
  {
    rule: "type.mismatch",
    title: "like given a number",
    files: shop(EMBED, {
      "domains/shop/vector.test.jadpo": `test "a vector" {\n    fakes: {\n        ai.embed: [like(5)]\n    }\n    var v = vector("rye")\n}\n`,
    }),
    expected: `error: Expected a text written out, such as \`"gluten-free sourdough"\`, found a number --> domains/shop/vector.test.jadpo:3:25
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Write the text whose embedding the call gets, such as \`like("gluten-free sourdough")\` (agent)
  rule: type.mismatch`,
  },
  {
    rule: "test.fake_type",
    title: "an item of a when's list, checked as the script's own",
    files: shop(ANSWERING, scripted("when { question: \"Hello?\" } => [Answer { resolved: \"yes\"  reply: \"Hi\" }]")),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:69
  decode: \`type\` on \`resolved\`: expected Bool, got Text
  reason: ${SCRIPT_REASON}
  next: Correct the scripted answer to the type (agent)
  rule: test.fake_type`,
  },
];
