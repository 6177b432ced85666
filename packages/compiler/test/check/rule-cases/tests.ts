// Rule cases for tests, their fakes, and names.
import { type RuleCase, shop, ANSWERING, SCRIPT_REASON, STREAMING } from "./shared.ts";

const EMBED = `action vector(words: Text) -> Embedding {\n    return match ai.embed(words) {\n        success(e) => e\n        failure _ => []\n    }\n}\n`;

export const testCases: RuleCase[] = [
  {
    rule: "test.fake_type",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.ask: [Answer { resolved: "yes"  reply: "Hi" }]\n    }\n    var a = attempt answer("Hello?")\n    assert a.resolved\n}\n`,
    }),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:37
  decode: \`type\` on \`resolved\`: expected Bool, got Text
  reason: ${SCRIPT_REASON}
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
  reason: ${SCRIPT_REASON}
  next: Correct the scripted answer to the type (agent)
  rule: test.fake_type`,
  },
  {
    rule: "test.fake_type",
    title: "a misspelt field: did you mean",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.ask: [Answer { resolvd: true  reply: "Hi" }]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: A scripted answer doesn't decode as \`Answer\` --> domains/shop/answer.test.jadpo:3:27
  decode: \`unknown\` on \`resolvd\`: expected a field of Answer (resolved, reply)
  reason: ${SCRIPT_REASON}
  next: Did you mean \`resolved\`? \`Answer\` has no field \`resolvd\` (agent)
  rule: test.fake_type`,
  },
  {
    rule: "type.mismatch",
    title: "rate_limited given a number, not a duration",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a rate limit" {\n    fakes: {\n        ai.ask: [rate_limited(20)]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: Expected a duration written out, such as \`20s\`, found a number --> domains/shop/answer.test.jadpo:3:31
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Write the wait the server asks for, such as \`rate_limited(20s)\`, or \`rate_limited\` alone for none (agent)
  rule: type.mismatch`,
  },
  {
    rule: "type.argument_count",
    title: "rate_limited given two durations",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a rate limit" {\n    fakes: {\n        ai.ask: [rate_limited(1s, 2s)]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`rate_limited\` takes 1 argument, the \`Retry-After\` as a duration such as \`20s\`, found 2 --> domains/shop/answer.test.jadpo:3:18
  reason: A call gives each parameter exactly once, in order, so nothing is left to a default or dropped.
  next: Pass 1 argument, the \`Retry-After\` as a duration such as \`20s\` to \`rate_limited\` (agent)
  rule: type.argument_count`,
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
    rule: "test.fake_unknown_prompt",
    title: "an action's name: the prompt it asks",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.answer: [refused]\n    }\n    assert answer("Hello?") fails Unavailable\n}\n`,
    }),
    expected: `error: \`ai.answer\` names no prompt --> domains/shop/answer.test.jadpo:3:12
  reason: Fakes are scripted by prompt name, so each key must be \`ai.<prompt>\` or \`ai.embed\`.
  next: \`answer\` is an action, and a test scripts prompts: script the prompt it asks, \`ai.ask\` (agent)
  rule: test.fake_unknown_prompt`,
  },
  {
    rule: "test.fake_unknown_prompt",
    title: "a function's name: it asks no prompt",
    files: shop(`${ANSWERING}function twice(n: Int) -> Int {\n    return n * 2\n}\n`, {
      "domains/shop/answer.test.jadpo": `test "a scripted answer" {\n    fakes: {\n        ai.twice: [refused]\n    }\n    assert twice(2) == 4\n}\n`,
    }),
    expected: `error: \`ai.twice\` names no prompt --> domains/shop/answer.test.jadpo:3:12
  reason: Fakes are scripted by prompt name, so each key must be \`ai.<prompt>\` or \`ai.embed\`.
  next: \`twice\` is a function, and a function asks no model: remove \`ai.twice\` from \`fakes:\` (agent)
  rule: test.fake_unknown_prompt`,
  },
  {
    rule: "test.fake_stream_item",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [malformed]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: \`malformed\` scripts an \`ai.generate\` answer, but \`ask\` is streamed --> domains/shop/tell.test.jadpo:3:18
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script a text, a list of pieces, \`partial("...", <stop>)\`, \`recorded("...")\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a stream item for a generate prompt",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "an answer" {\n    fakes: {\n        ai.ask: [partial("Our", timed_out)]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`partial(...)\` scripts a stream, but \`ask\` is asked by \`ai.generate\` --> domains/shop/answer.test.jadpo:3:18
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script an answer of \`Answer\`, \`raw("...")\`, \`recorded("...")\`, \`malformed\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a transport failure as a partial stream's stop",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [partial("Our ", unavailable)]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: \`unavailable\` is a whole item, not a way a stream stops --> domains/shop/tell.test.jadpo:3:34
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script \`unavailable\` as an item of its own: the request is sent again and the next item answers it. A stream cut off after some text stops \`timed_out\`, as \`partial("...", timed_out)\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a partial stream's stop that is no stop",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [partial(["Our ", "rye"], cut)]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: \`cut\` is not a way a stream stops --> domains/shop/tell.test.jadpo:3:43
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: End \`partial(...)\` with one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a partial stream with no stop, for a generate prompt: one diagnostic",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "an answer" {\n    fakes: {\n        ai.ask: [partial("Our", rate_limited(2s))]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`partial(...)\` scripts a stream, but \`ask\` is asked by \`ai.generate\` --> domains/shop/answer.test.jadpo:3:18
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script an answer of \`Answer\`, \`raw("...")\`, \`recorded("...")\`, \`malformed\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "an answer for a stream prompt",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [Answer { resolved: true  reply: "Yes." }]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: \`ask\` is streamed, so it is scripted with texts, not answers --> domains/shop/tell.test.jadpo:3:18
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script a text, a list of pieces, \`partial("...", <stop>)\`, \`recorded("...")\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a generate item for ai.embed",
    files: shop(EMBED, {
      "domains/shop/vector.test.jadpo": `test "a vector" {\n    fakes: {\n        ai.embed: [raw("x")]\n    }\n    var v = vector("hello")\n}\n`,
    }),
    expected: `error: \`raw(...)\` can't answer \`ai.embed\` --> domains/shop/vector.test.jadpo:3:20
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script a list of 16 numbers, or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "an empty piece",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [["Our sour", "", "dough"]]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: An empty piece streams nothing --> domains/shop/tell.test.jadpo:3:31
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Give every piece at least one character, or leave the empty piece out (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "an empty piece in partial",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [partial(["Our sour", ""], timed_out)]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: An empty piece streams nothing --> domains/shop/tell.test.jadpo:3:39
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Give every piece at least one character, or leave the empty piece out (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a piece that isn't a text",
    files: shop(STREAMING, {
      "domains/shop/tell.test.jadpo": `test "a stream" {\n    fakes: {\n        ai.ask: [["Our sour", 3]]\n    }\n    var told = tell("Hello?")\n}\n`,
    }),
    expected: `error: A stream's pieces are texts written out --> domains/shop/tell.test.jadpo:3:31
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Write each piece as a text, such as \`"Our sour"\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "test.fake_stream_item",
    title: "a list of pieces for a generate prompt",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "an answer" {\n    fakes: {\n        ai.ask: [["Our sour", "dough"]]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: A list of pieces scripts a stream, but \`ask\` is asked by \`ai.generate\` --> domains/shop/answer.test.jadpo:3:18
  reason: A generate prompt is scripted with answers, a stream prompt with texts and \`ai.embed\` with vectors, so each item has the shape its call reads.
  next: Script an answer of \`Answer\`, \`raw("...")\`, \`recorded("...")\`, \`malformed\` or one of \`refused\`, \`timed_out\`, \`over_budget\`, \`too_long\`, \`unavailable\`, \`rate_limited\`, \`generated\` (agent)
  rule: test.fake_stream_item`,
  },
  {
    rule: "name.unknown",
    title: "a misspelt `.sent`",
    files: shop(ANSWERING, {
      "domains/shop/answer.test.jadpo": `test "an answer" {\n    var a = attempt answer("Hello?")\n    assert list.count(ai.ask.snet) == 1\n}\n`,
    }),
    expected: `error: \`ai.ask.snet\` is not defined here --> domains/shop/answer.test.jadpo:3:30
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: Did you mean \`ai.ask.sent\`? (agent)
  rule: name.unknown`,
  },
  {
    rule: "name.unknown",
    title: "a misspelt `ai.embed.requests`",
    files: shop(EMBED, {
      "domains/shop/vector.test.jadpo": `test "a vector" {\n    var v = vector("hello")\n    assert ai.embed.reqests == ["hello"]\n}\n`,
    }),
    expected: `error: \`ai.embed.reqests\` is not defined here --> domains/shop/vector.test.jadpo:3:21
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: Did you mean \`ai.embed.requests\`? (agent)
  rule: name.unknown`,
  },

  {
    rule: "test.embedding_length",
    files: shop(EMBED, {
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
  next: Did you mean \`recorded("hello")\`? Or record \`helo\` with \`jadpo ai record ask --as helo\` (agent)
  rule: test.recording_missing`,
  },
  {
    rule: "test.recording_missing",
    title: "no recording close to the name: the prompt's recordings are listed",
    files: shop(ANSWERING, {
      "domains/shop/recordings/ask/hello.json": "{}",
      "domains/shop/answer.test.jadpo": `test "a recorded answer" {\n    fakes: {\n        ai.ask: [recorded("zebra")]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`ask\` has no recording \`zebra\` --> domains/shop/answer.test.jadpo:3:18
  reason: \`recorded("name")\` reads \`recordings/ask/zebra.json\` beside the prompt.
  next: Record it with \`jadpo ai record ask --as zebra\`, or use one of its recordings: \`hello\` (agent)
  rule: test.recording_missing`,
  },
  {
    rule: "test.recording_missing",
    title: "one fixture can feed the prompt: the command to record names it, so it works as printed",
    files: shop(ANSWERING, {
      "domains/shop/questions.jadpotest": `fixtures questions {\n    hello -> Ask {\n        return Ask { question: "Hello?" }\n    }\n}\n\ntest "a recorded answer" {\n    fakes: {\n        ai.ask: [recorded("hello")]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`ask\` has no recording \`hello\` --> domains/shop/questions.jadpotest:9:18
  reason: \`recorded("name")\` reads \`recordings/ask/hello.json\` beside the prompt.
  next: Record it with \`jadpo ai record ask --as hello --fixture questions.hello\` (agent)
  rule: test.recording_missing`,
  },
  {
    rule: "test.recording_missing",
    title: "a name that is not lower_snake (a path): the next step records a name that can exist",
    files: shop(ANSWERING, {
      "domains/shop/recordings/ask/hello.json": "{}",
      "domains/shop/answer.test.jadpo": `test "a recorded answer" {\n    fakes: {\n        ai.ask: [recorded("../ask/Hello")]\n    }\n    var a = attempt answer("Hello?")\n}\n`,
    }),
    expected: `error: \`ask\` has no recording \`../ask/Hello\` --> domains/shop/answer.test.jadpo:3:18
  reason: \`recorded("name")\` reads \`recordings/ask/../ask/Hello.json\` beside the prompt.
  next: Recording names are lower_snake, like \`not_covered\`: use one of its recordings (\`hello\`) or record one with \`jadpo ai record ask --as ask_hello\` (agent)
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
