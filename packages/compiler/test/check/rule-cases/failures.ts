// Rule cases for failures, purity, prompts and AI calls.
import { type RuleCase, shop, ANSWER, ANSWERING } from "./shared.ts";

export const failureCases: RuleCase[] = [
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
    title: "the failure a missing arm rejected is not called stale as well",
    files: shop(`${ANSWER}failure Refused { kind: Rejected  message: "No." }\naction answer(question: Question) fails Unavailable, Refused -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        failure AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable => reject Unavailable\n    }\n}\n`),
    expected: `error: This match doesn't cover \`AiRefused\` --> domains/shop/shop.jadpo:12:12
  reason: A match handles every case, so a new failure or member can't slip through unhandled.
  next: Add an arm for \`AiRefused\`, or end with \`failure _\` (agent)
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
    expected: `error: \`lucky\` is a function, so it can't call \`random.int\` --> domains/shop/shop.jadpo:2:12
  reason: Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.
  next: Make \`lucky\` an action, or pass the value in as a parameter (agent)
  rule: function.impure`,
  },
  {
    rule: "function.impure",
    title: "an action that can fail: one diagnostic, no failure.attempt_required beside it",
    files: shop(`failure Gone { kind: NotFound  message: "gone" }\naction classify(n: Int) fails Gone -> Int {\n    if n < 0 { reject Gone }\n    return n\n}\nfunction diet_of(n: Int) -> Int {\n    var d = classify(n)\n    return d\n}\n`),
    expected: `error: \`diet_of\` is a function, so it can't call the action \`classify\` --> domains/shop/shop.jadpo:7:13
  reason: Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.
  next: Make \`diet_of\` an action, or pass the value in as a parameter (agent)
  rule: function.impure`,
  },
  {
    rule: "function.impure",
    title: "`attempt` of an action in a function: no failure.undeclared beside it",
    files: shop(`failure Gone { kind: NotFound  message: "gone" }\naction classify(n: Int) fails Gone -> Int {\n    if n < 0 { reject Gone }\n    return n\n}\nfunction diet_of(n: Int) -> Int {\n    return attempt classify(n)\n}\n`),
    expected: `error: \`diet_of\` is a function, so it can't call the action \`classify\` --> domains/shop/shop.jadpo:7:20
  reason: Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.
  next: Make \`diet_of\` an action, or pass the value in as a parameter (agent)
  rule: function.impure`,
  },
  {
    rule: "function.impure",
    title: "`ai.generate` in a function: one diagnostic",
    files: shop(`${ANSWER}\nfunction answer(question: Question) -> Answer {\n    return ai.generate(Ask { question: question }, as: Answer)\n}\n`),
    expected: `error: \`answer\` is a function, so it can't call \`ai.generate\` --> domains/shop/shop.jadpo:12:12
  reason: Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.
  next: Make \`answer\` an action, or pass the value in as a parameter (agent)
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
];
