// One small project per rule the checker owns, each giving exactly that one diagnostic; the
// whole plain text is compared (rules.test.ts). Files sit in one folder module (`domains/shop`)
// so they see each other without `use`.

export interface RuleCase {
  rule: string;
  /** What the case shows, when a rule has several. */
  title?: string;
  files: Record<string, string>;
  expected: string;
}

const shop = (source: string, extra: Record<string, string> = {}): Record<string, string> => ({
  "app.jadpo": "",
  "domains/shop/shop.jadpo": source,
  ...extra,
});

const ANSWER = `type Question = Text { min_length: 1 max_length: 200 }
type Answer = Object {
    resolved: Bool
    reply: Text
}
failure Unavailable { kind: Unavailable  message: "Not now." }
prompt ask(question: Question) {
    text: "Answer: {question}"
}
`;

const ANSWERING = `${ANSWER}
action answer(question: Question) fails Unavailable -> Answer {
    return match ai.generate(Ask { question: question }, as: Answer) {
        success(a) => a
        failure _ => reject Unavailable
    }
}
`;

const STREAMING = `${ANSWER}
action tell(question: Question) -> Text {
    var told = ai.stream(Ask { question: question })
    return told.text
}
`;

export const ruleCases: RuleCase[] = [
  {
    rule: "type.mismatch",
    files: shop(`function twice(n: Int) -> Text {\n    return n\n}\n`),
    expected: `error: Expected \`Text\`, found \`Int\` --> domains/shop/shop.jadpo:2:12
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Write a value of type \`Text\` here (agent)
  rule: type.mismatch`,
  },
  {
    rule: "type.mismatch",
    title: "equality between different nominal types",
    files: shop(`type Code = Text\nfunction same(a: Code, b: Text) -> Bool {\n    return a == b\n}\n`),
    expected: `error: Expected \`Code\`, found \`Text\` --> domains/shop/shop.jadpo:3:17
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Compare two values of one type; convert one side so both are \`Code\` (agent)
  rule: type.mismatch`,
  },
  {
    rule: "type.unknown",
    files: shop(`function shout(words: Txt) -> Text {\n    return text.upper(words)\n}\n`),
    expected: `error: No type named \`Txt\` --> domains/shop/shop.jadpo:1:23
  reason: A type must be declared, imported with \`use\`, or be a prelude type.
  next: Did you mean \`Text\`? (agent)
  rule: type.unknown`,
  },
  {
    rule: "type.bad_constraint",
    files: shop(`type Stars = Int { min: 5 max: 1 }\n`),
    expected: `error: \`min: 5\` is greater than \`max: 1\` --> domains/shop/shop.jadpo:1:27
  reason: Constraints are a closed set per base type, and a type must have at least one valid value.
  next: Make \`min\` at most \`max\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a pattern that can never meet the length bounds",
    files: shop(`type Code = Text { pattern: "[A-Z]{3}-[0-9]{4}" max_length: 5 }\n`),
    expected: `error: \`pattern\` of \`Code\` matches only texts of 8 code points, outside its length bounds --> domains/shop/shop.jadpo:1:20
  reason: Constraints are a closed set per base type, and a type must have at least one valid value.
  next: Change the pattern or the length bounds so some text meets both (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.constraint_violated",
    files: shop(`type Stars = Int { min: 1 max: 5 }\nfunction best() -> Stars {\n    return 7\n}\n`),
    expected: `error: \`7\` breaks \`max: 5\` of \`Stars\` --> domains/shop/shop.jadpo:3:12
  reason: A literal is checked against the type expected where it stands, constraints included, so an invalid value never gets into the program.
  next: Write a value that meets \`max: 5\` (agent)
  rule: type.constraint_violated`,
  },
  {
    rule: "type.constraint_violated",
    title: "a pattern on a literal argument",
    files: shop(`type Code = Text { pattern: "[A-Z]{3}-[0-9]{4}" }\nfunction show(code: Code) -> Code {\n    return code\n}\nfunction sample() -> Code {\n    return show("abc-1234")\n}\n`),
    expected: `error: \`"abc-1234"\` breaks \`pattern: "[A-Z]{3}-[0-9]{4}"\` of \`Code\` --> domains/shop/shop.jadpo:6:17
  reason: A literal is checked against the type expected where it stands, constraints included, so an invalid value never gets into the program.
  next: Write a value that meets \`pattern: "[A-Z]{3}-[0-9]{4}"\` (agent)
  rule: type.constraint_violated`,
  },
  {
    rule: "type.missing_field",
    files: shop(`type Pair = Object {\n    left: Int\n    right: Int\n}\nfunction origin() -> Pair {\n    return Pair { left: 0 }\n}\n`),
    expected: `error: \`Pair\` needs the field \`right\` --> domains/shop/shop.jadpo:6:12
  reason: A record value is always complete: every field is given once.
  next: Add \`right: ...\` (agent)
  rule: type.missing_field`,
  },
  {
    rule: "type.unknown_field",
    files: shop(`type Pair = Object {\n    left: Int\n    right: Int\n}\nfunction origin() -> Pair {\n    return Pair { left: 0  rigth: 0 }\n}\n`),
    expected: `error: \`Pair\` has no field \`rigth\` --> domains/shop/shop.jadpo:6:28
  reason: A record gives exactly the fields its type declares.
  next: Did you mean \`right\`? (agent)
  rule: type.unknown_field`,
  },
  {
    rule: "type.not_comparable",
    files: shop(`function before(a: Text, b: Text) -> Bool {\n    return a < b\n}\n`),
    expected: `error: \`Text\` and \`Text\` can't be compared with \`<\` --> domains/shop/shop.jadpo:2:14
  reason: Ordering works on numbers of the same base; equality on values of the same type.
  next: Convert one side so both have the same type (agent)
  rule: type.not_comparable`,
  },
  {
    rule: "type.argument_count",
    files: shop(`function double(n: Int) -> Int {\n    return n * 2\n}\nfunction four() -> Int {\n    return double(2, 2)\n}\n`),
    expected: `error: \`double\` takes 1 argument, found 2 --> domains/shop/shop.jadpo:5:12
  reason: A call gives each parameter exactly once, in order, so nothing is left to a default or dropped.
  next: Pass 1 argument to \`double\` (agent)
  rule: type.argument_count`,
  },
  {
    rule: "type.not_callable",
    files: shop(`type Tone = Enum { friendly formal }\nfunction pick() -> Tone {\n    return Tone("friendly")\n}\n`),
    expected: `error: \`Tone\` can't be called: it is an enum type --> domains/shop/shop.jadpo:3:12
  reason: Only functions, actions, fixtures, the library and conversions \`T(v)\` can be called.
  next: Write a value of \`Tone\` (agent)
  rule: type.not_callable`,
  },
  {
    rule: "type.not_a_value",
    files: shop(`function double(n: Int) -> Int {\n    return n * 2\n}\nfunction pick() -> Int {\n    var f = double\n    return 1\n}\n`),
    expected: `error: \`double\` is a function, not a value --> domains/shop/shop.jadpo:5:13
  reason: Only values can be kept, passed and compared; declarations are used by calling or naming them.
  next: Call it: \`double(...)\` (agent)
  rule: type.not_a_value`,
  },
  {
    rule: "type.immutable",
    files: shop(`function count() -> Int {\n    var n = 1\n    n = 2\n    return n\n}\n`),
    expected: `error: \`n\` can't be changed: it isn't declared with \`var mut\` --> domains/shop/shop.jadpo:3:5
  reason: Values don't change unless declared mutable, so a reader knows which names can change.
  next: Declare it with \`var mut n = ...\`, or keep the new value in a new name (agent)
  rule: type.immutable`,
  },
  {
    rule: "type.missing_return",
    files: shop(`function sign(n: Int) -> Text {\n    if n > 0 {\n        return "+"\n    }\n}\n`),
    expected: `error: \`sign\` doesn't return a \`Text\` on every path --> domains/shop/shop.jadpo:1:10
  reason: A function, action or fixture that declares \`-> T\` gives a \`T\` whichever way its body goes.
  next: End every path with \`return\` (or \`reject\` in an action) (agent)
  rule: type.missing_return`,
  },
  {
    rule: "type.bad_entry",
    files: shop(`failure Busy { kind: Unavailble  message: "Busy." }\n`),
    expected: `error: \`Unavailble\` is not a failure kind --> domains/shop/shop.jadpo:1:22
  reason: Failures, prompts, connections and locales take a closed set of entries, each with one kind of value.
  next: Did you mean \`Unavailable\`? (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "failure.attempt_required",
    files: shop(`${ANSWERING}\naction ask_twice(question: Question) fails Unavailable -> Answer {\n    return answer(question)\n}\n`),
    expected: `error: \`answer\` can fail, and nothing handles it --> domains/shop/shop.jadpo:19:12
  reason: Every call that can fail is wrapped by \`attempt\`, matched on its outcome, or asserted with \`fails\` in a test, so no failure is silently lost.
  next: Write \`attempt answer(...)\`, or match on its outcome (agent)
  rule: failure.attempt_required`,
  },
  {
    rule: "failure.attempt_needless",
    files: shop(`function double(n: Int) -> Int {\n    return n * 2\n}\naction four() -> Int {\n    return attempt double(2)\n}\n`),
    expected: `error: \`double\` can't fail, so \`attempt\` does nothing --> domains/shop/shop.jadpo:5:12
  reason: \`attempt\` marks exactly the calls that can fail, so a reader sees where failures travel.
  next: Remove \`attempt\` (agent)
  rule: failure.attempt_needless`,
  },
  {
    rule: "failure.undeclared",
    files: shop(`${ANSWERING}\naction ask_twice(question: Question) -> Answer {\n    return attempt answer(question)\n}\n`),
    expected: `error: \`ask_twice\` can fail with \`Unavailable\`, which its \`fails\` doesn't list --> domains/shop/shop.jadpo:19:12
  reason: \`fails\` lists exactly the failures a caller must handle.
  next: Add \`Unavailable\` to the \`fails\` list, or handle it inside (agent)
  rule: failure.undeclared`,
  },
  {
    rule: "failure.undeclared",
    title: "reject of a failure the action doesn't declare",
    files: shop(`failure Closed { kind: Conflict  message: "Closed." }\naction open_shop() -> Text {\n    reject Closed\n}\n`),
    expected: `error: \`open_shop\` can fail with \`Closed\`, which its \`fails\` doesn't list --> domains/shop/shop.jadpo:3:12
  reason: \`fails\` lists exactly the failures a caller must handle.
  next: Add \`Closed\` to the \`fails\` list, or handle it inside (agent)
  rule: failure.undeclared`,
  },
  {
    rule: "failure.stale",
    files: shop(`failure Closed { kind: Conflict  message: "Closed." }\naction open_shop() fails Closed -> Text {\n    return "open"\n}\n`),
    expected: `error: \`Closed\` is listed in \`fails\` but can't escape \`open_shop\` --> domains/shop/shop.jadpo:2:26
  reason: \`fails\` lists exactly the failures that can escape, so callers don't handle failures that never happen.
  next: Remove \`Closed\` from the \`fails\` list (agent)
  rule: failure.stale`,
  },
  {
    rule: "failure.match_not_exhaustive",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        failure AiRefused, AiTimedOut => reject Unavailable\n    }\n}\n`),
    expected: `error: This match doesn't cover \`AiOverBudget\`, \`AiTooLong\` and \`AiUnreadable\` --> domains/shop/shop.jadpo:12:12
  reason: A match handles every case, so a new failure or member can't slip through unhandled.
  next: Add an arm for \`AiOverBudget\`, \`AiTooLong\` and \`AiUnreadable\`, or end with \`failure _\` (agent)
  rule: failure.match_not_exhaustive`,
  },
  {
    rule: "failure.match_not_exhaustive",
    title: "an enum match without every member",
    files: shop(`type Tone = Enum { friendly formal curt }\nfunction greet(tone: Tone) -> Text {\n    return match tone {\n        Tone.friendly => "Hi"\n    }\n}\n`),
    expected: `error: This match doesn't cover \`Tone.formal\` and \`Tone.curt\` --> domains/shop/shop.jadpo:3:12
  reason: A match handles every case, so a new failure or member can't slip through unhandled.
  next: Add an arm for \`Tone.formal\` and \`Tone.curt\`, or end with \`_\` (agent)
  rule: failure.match_not_exhaustive`,
  },
  {
    rule: "failure.arm_impossible",
    files: shop(`${ANSWER}\naction embed_it(question: Question) -> Embedding {\n    return match ai.embed(question) {\n        success(e) => e\n        failure AiUnreadable => []\n        failure _ => []\n    }\n}\n`),
    expected: `error: \`ai.embed\` can't fail with \`AiUnreadable\` --> domains/shop/shop.jadpo:14:17
  reason: A match handles the failures its call can fail with, so no arm waits for a failure that never comes.
  next: Remove the arm for \`AiUnreadable\`; \`ai.embed\` can fail with \`AiRefused\`, \`AiTimedOut\`, \`AiOverBudget\` and \`AiTooLong\` (agent)
  rule: failure.arm_impossible`,
  },
  {
    rule: "function.impure",
    files: shop(`function lucky() -> Int {\n    return random.int(1, 6)\n}\n`),
    expected: `error: \`lucky\` can't call \`random.int\`: it is a function --> domains/shop/shop.jadpo:2:12
  reason: Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.
  next: Make \`lucky\` an action, or pass the value in as a parameter (agent)
  rule: function.impure`,
  },
  {
    rule: "prompt.unknown_placeholder",
    files: shop(`prompt greet(name: Text) {\n    text: "Say hello to {nmae}."\n}\n`),
    expected: `error: \`{nmae}\` names no parameter of \`greet\` --> domains/shop/shop.jadpo:2:25
  reason: A placeholder is replaced by a parameter's value, so it must name a parameter (or a field of one).
  next: Did you mean \`{name}\`? (agent)
  rule: prompt.unknown_placeholder`,
  },
  {
    rule: "ai.not_prompt_values",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(question, as: Answer) {\n        success(a) => a\n        failure _ => reject Unavailable\n    }\n}\n`),
    expected: `error: \`ai.generate\` needs a prompt's values, found \`Question\` --> domains/shop/shop.jadpo:12:30
  reason: The values type selects the prompt, so a call always says which prompt it asks.
  next: Pass a prompt's values record, such as \`Ask { ... }\` (agent)
  rule: ai.not_prompt_values`,
  },
  {
    rule: "ai.prompt_mixed_use",
    files: shop(`${ANSWERING}\naction tell(question: Question) -> Text {\n    var told = ai.stream(Ask { question: question })\n    return told.text\n}\n`),
    expected: `error: \`ask\` is asked by both \`ai.generate\` and \`ai.stream\` --> domains/shop/shop.jadpo:19:16
  reason: A prompt is either generated as a type or streamed as text, so its fakes and recordings have one shape.
  next: Declare a second prompt for the other use (agent)
  rule: ai.prompt_mixed_use`,
  },
  {
    rule: "ai.sandbox_unknown_prompt",
    files: {
      ...shop(ANSWERING),
      "app.jadpo": `connection local {\n    capability: ai\n    driver: openai_compatible\n    development: {\n        sandbox: [aks]\n        per_day: 5\n    }\n}\n`,
    },
    expected: `error: \`aks\` in \`sandbox\` is not a prompt --> app.jadpo:5:19
  reason: The sandbox lets named prompts reach the real model in \`jadpo dev\`, so each name must be a prompt.
  next: Did you mean \`ask\`? (agent)
  rule: ai.sandbox_unknown_prompt`,
  },
  {
    rule: "ai.second_connection",
    files: shop(ANSWERING, {
      "app.jadpo": `connection local {\n    capability: ai\n}\n\nconnection remote {\n    capability: ai\n}\n`,
    }),
    expected: `error: \`remote\` is a second \`capability: ai\` connection; \`local\` is the first --> app.jadpo:5:12
  reason: Every ai call in the project goes through one connection, so which model answers is never in doubt.
  next: Keep one ai connection (the first is at app.jadpo:1) (agent)
  rule: ai.second_connection`,
  },
  {
    rule: "test.fake_type",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.ask: [Answer { resolved: "yes"  reply: "Hi" }]\n    }\n    var a = attempt answer("Hello?")\n    assert a.resolved\n}\n`,
    }),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:27
  decode: \`type\` on \`resolved\`: expected Bool, got Text
  reason: Scripted answers are checked against the type the prompt is asked for as, so a test can't script an answer the decoding would reject.
  next: Correct the scripted answer to the type (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a missing field, at the item",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.ask: [Answer { reply: "Hi" }]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:18
  decode: \`missing\` on \`resolved\`: expected Bool, got nothing
  reason: Scripted answers are checked against the type the prompt is asked for as, so a test can't script an answer the decoding would reject.
  next: Correct the scripted answer to the type (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_unknown_prompt",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.aks: [refused]\n    }\n    assert answer("Hello?") fails Unavailable\n}\n`,
    }),
    expected: `error: \`ai.aks\` names no prompt --> domains/shop/answer.test.jadpo:3:12
  reason: Fakes are scripted by prompt name, so each key must be \`ai.<prompt>\` or \`ai.embed\`.
  next: Did you mean \`ai.ask\`? (agent)
  rule: test.fake_unknown_prompt`,
  },
  {
    rule: "test.fake_stream_item",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [malformed]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: \`malformed\` scripts an \`ai.generate\` answer, but \`ask\` is streamed --> domains/shop/tell.test.jadpo:3:18
  reason: A generate prompt is scripted with answers and a stream prompt with texts, so each item has the shape its call reads.
  next: Script a text, \`partial("...", <stop>)\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.embedding_length",
    files: shop(`action vector(words: Text) -> Embedding {\n    return match ai.embed(words) {\n        success(e) => e\n        failure _ => []\n    }\n}\n`, {
      "domains/shop/vector.test.jadpo": `test "a scripted vector" {\n    fakes: {\n        ai.embed: [[0.5, 0.5]]\n    }\n    var v = vector("hello")\n}\n`,
    }),
    expected: `error: This vector has 2 numbers; embeddings here have 16 --> domains/shop/vector.test.jadpo:3:20
  reason: A scripted embedding is used as given, so it must have the connection's \`embedding_dimensions\`.
  next: Give exactly 16 numbers (agent)
  rule: test.embedding_length`,
  },
  {
    rule: "test.recording_missing",
    files: shop(ANSWERING, {
      "domains/shop/recordings/ask/hello.json": "{}",
      "domains/shop/answer.test.jadpo": `test "a recorded answer" {\n    fakes: {\n        ai.ask: [recorded("helo")]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`ask\` has no recording \`helo\` --> domains/shop/answer.test.jadpo:3:18
  reason: \`recorded("name")\` reads \`recordings/ask/helo.json\` beside the prompt.
  next: Record it with \`jadpo ai record ask --as helo\`, or use an existing name (agent)
  rule: test.recording_missing`,
  },
  {
    rule: "test.fails_impossible",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a refusal" {\n    fakes: {\n        ai.ask: [refused]\n    }\n    assert answer("Hello?") fails AiRefused\n}\n`,
    }),
    expected: `error: \`answer\` can't fail with \`AiRefused\` --> domains/shop/answer.test.jadpo:5:35
  reason: An assertion that can never hold tests nothing.
  next: Assert a failure \`answer\` can fail with: \`Unavailable\` (agent)
  rule: test.fails_impossible`,
  },
  {
    rule: "test.fixture_outside_test",
    files: shop(`fixtures words {\n    hello -> Text { return "hello" }\n}\nfunction greeting() -> Text {\n    return words.hello\n}\n`),
    expected: `error: \`greeting\` can't use the fixture \`words.hello\`: it is a function --> domains/shop/shop.jadpo:5:12
  reason: Fixtures are test support: only tests, other fixtures and \`jadpo ai record --fixture\` use them, so no app code depends on test data.
  next: Pass the value in as a parameter, or move the use into a test (agent)
  rule: test.fixture_outside_test`,
  },
  {
    rule: "test.test_only",
    files: shop(`action check_it(n: Int) -> Int {\n    assert n > 0\n    return n\n}\n`),
    expected: `error: \`assert\` only stands in a test --> domains/shop/shop.jadpo:2:5
  reason: Tests, assertions, the test clock and what a fake was asked belong to test files, so app code never depends on them.
  next: Return or reject instead, or move the check into a test (agent)
  rule: test.test_only`,
  },
  {
    rule: "test.test_only",
    title: "a test in a source file",
    files: shop(`test "in the wrong file" {\n    assert true\n}\n`),
    expected: `error: A \`test\` only stands in a test file --> domains/shop/shop.jadpo:1:6
  reason: Tests, assertions, the test clock and what a fake was asked belong to test files, so app code never depends on them.
  next: Move it into a test file (\`*.test.jadpo\` or \`*.jadpotest\`) (agent)
  rule: test.test_only`,
  },
  {
    rule: "name.unknown",
    files: shop(`function shout(words: Text) -> Text {\n    return text.upper(wrods)\n}\n`),
    expected: `error: \`wrods\` is not defined here --> domains/shop/shop.jadpo:2:23
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: Did you mean \`words\`? (agent)
  rule: name.unknown`,
  },
  {
    rule: "name.duplicate",
    title: "a prelude type declared again",
    files: shop(`type Text = Int\n`),
    expected: `error: \`Text\` is already declared in the prelude --> domains/shop/shop.jadpo:1:6
  reason: Names in one namespace must be unique so every use refers to exactly one declaration.
  next: Rename one of the two (agent)
  rule: name.duplicate`,
  },
];
