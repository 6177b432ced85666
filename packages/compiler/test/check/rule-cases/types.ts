// Rule cases for types and their constraints.
import { ANSWER, type RuleCase, shop } from "./shared.ts";

export const typeCases: RuleCase[] = [
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
    rule: "type.mismatch",
    title: "a pattern an enum can't match: each form in its own backticks",
    files: shop(`type Tone = Enum { formal casual }\nfunction f(t: Tone) -> Int {\n    return match t {\n        none => 1\n        _ => 2\n    }\n}\n`),
    expected: `error: Expected \`Tone.<member>\` or \`_\`, found \`none\` --> domains/shop/shop.jadpo:4:9
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Write an arm of the form \`Tone.<member>\` or \`_\` (agent)
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
    title: "constraints on a field's type that is not a list: name the type",
    files: shop(`type Ticket = Object {\n    reason: Text { max_length: 200 }\n}\n`),
    expected: `error: \`max_length\` doesn't apply to the field \`reason\` --> domains/shop/shop.jadpo:2:20
  reason: Constraints are a closed set per base type, and a type must have at least one valid value.
  next: Only a list field takes constraints here (\`min_items\`, \`max_items\`). Give the type a name: \`type Reason = Text { max_length: 200 }\`, and use it for \`reason\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "an enum without members",
    files: shop(`type Empty = Enum { }\n`),
    expected: `error: The enum \`Empty\` has no members, so no value has its type --> domains/shop/shop.jadpo:1:14
  reason: Constraints are a closed set per base type, and a type must have at least one valid value.
  next: List its members: \`Enum { first second }\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a pattern that can never meet the length bounds",
    files: shop(`type Code = Text { pattern: "[A-Z]{3}-[0-9]{4}" max_length: 5 }\n`),
    expected: `error: \`pattern\` of \`Code\` matches only texts of 8 characters, outside its length bounds --> domains/shop/shop.jadpo:1:20
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
    rule: "type.not_a_value",
    title: "a prompt passed where its values go",
    files: shop(`${ANSWER}action answer(question: Question) -> Bool {\n    return match ai.generate(ask, as: Answer) {\n        success(a) => a.resolved\n        failure _ => false\n    }\n}\n`),
    expected: `error: \`ask\` is a prompt, not a value --> domains/shop/shop.jadpo:11:30
  reason: Only values can be kept, passed and compared; declarations are used by calling or naming them.
  next: To ask it, pass its values: \`ai.generate(Ask { … }, as: …)\` (agent)
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
];
