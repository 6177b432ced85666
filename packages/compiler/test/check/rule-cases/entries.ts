// Rule cases for the variants of `type.bad_constraint`, the rules of types that can't be defined,
// and the entries of failures, prompts, connections and `locales`.
import { type RuleCase, shop } from "./shared.ts";

const CONSTRAINT_REASON = "Constraints are a closed set per base type, and a type must have at least one valid value.";
const app = (source: string): Record<string, string> => ({ "app.jadpo": source, "domains/shop/shop.jadpo": "" });

export const entryCases: RuleCase[] = [
  {
    rule: "type.bad_constraint",
    title: "an unknown constraint",
    files: shop(`type Question = Text { min_lenght: 1 }\n`),
    expected: `error: \`min_lenght\` is not a constraint --> domains/shop/shop.jadpo:1:24
  reason: ${CONSTRAINT_REASON}
  next: Did you mean \`min_length\`? (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a constraint on the wrong base",
    files: shop(`type Stars = Int { pattern: "[0-9]" }\n`),
    expected: `error: \`pattern\` doesn't apply to \`Stars\` --> domains/shop/shop.jadpo:1:20
  reason: ${CONSTRAINT_REASON}
  next: Int types take \`min\`, \`max\`, \`personal\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a constraint given twice",
    files: shop(`type Stars = Int { min: 1 min: 2 }\n`),
    expected: `error: \`min\` is given twice --> domains/shop/shop.jadpo:1:27
  reason: ${CONSTRAINT_REASON}
  next: Keep one \`min\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a constraint's value of the wrong kind",
    files: shop(`type Question = Text { min_length: -1 }\n`),
    expected: `error: \`min_length\` of \`Question\` must be a whole number of 0 or more --> domains/shop/shop.jadpo:1:36
  reason: ${CONSTRAINT_REASON}
  next: Write a count, such as \`min_length: 1\` (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.bad_constraint",
    title: "a pattern that is not a regular expression",
    files: shop(`type Code = Text { pattern: "[A-" }\n`),
    expected: `error: \`[A-\` is not a valid regular expression --> domains/shop/shop.jadpo:1:29
  reason: ${CONSTRAINT_REASON}
  next: Write a JavaScript regular expression (it is used with the \`u\` flag) (agent)
  rule: type.bad_constraint`,
  },
  {
    rule: "type.defined_by_itself",
    files: shop(`type A = B\ntype B = A\n`),
    expected: `error: \`A\` is defined in terms of itself --> domains/shop/shop.jadpo:1:6
  reason: A type is based on a prelude type, or on a type that is, so following its bases always ends.
  next: Base the type on a prelude type, such as \`Text\` (agent)
  rule: type.defined_by_itself`,
  },
  {
    rule: "type.infinite",
    files: shop(`type Node = Object {\n    next: Node\n}\n`),
    expected: `error: \`Node\` contains itself (\`Node\` → \`Node\`), so it has no finite value --> domains/shop/shop.jadpo:1:6
  reason: A record that must always hold another of its own kind can never be written down, so no program could make one.
  next: Make a field on the way optional (\`Node?\`) or a list (\`List<Node>\`) (agent)
  rule: type.infinite`,
  },
  {
    rule: "type.bad_base",
    files: shop(`type Maybe = Text?\n`),
    expected: `error: \`Maybe\` can't be based on \`Text?\` --> domains/shop/shop.jadpo:1:14
  reason: A named type is based on a scalar, a list, an enum or a record; where a value may be none is said where the type is used, with \`?\`.
  next: Declare \`Maybe\` on \`Text\` and write \`Maybe?\` where it may be none (agent)
  rule: type.bad_base`,
  },
  {
    rule: "type.bad_entry",
    files: shop(`failure Busy { kind: Unavailable  message: Busy }\n`),
    expected: `error: \`message\` must be a text --> domains/shop/shop.jadpo:1:44
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write \`message: "..."\` (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "type.bad_entry",
    title: "a connection's max_answer that is not a number of bytes",
    files: app(`connection model {\n    capability: ai\n    max_answer: "1 MiB"\n}\n`),
    expected: `error: \`max_answer\` must be a number of bytes --> app.jadpo:3:17
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write the most bytes of text an answer may have, such as \`max_answer: 4194304\` (4 MiB) (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "type.bad_entry",
    title: "a connection's retries that is not a block",
    files: app(`connection model {\n    capability: ai\n    retries: 3\n}\n`),
    expected: `error: \`retries\` must be a block --> app.jadpo:3:14
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write \`retries: { max: 2  backoff: 1s }\` (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "type.bad_entry",
    title: "retries.max above 10",
    files: app(`connection model {\n    capability: ai\n    retries: { max: 11 }\n}\n`),
    expected: `error: \`max\` must be an Int from 0 to 10 --> app.jadpo:3:21
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write \`max: 2\`, or \`max: 0\` to send each request once (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "type.bad_entry",
    title: "retries.backoff of no time",
    files: app(`connection model {\n    capability: ai\n    retries: { max: 3  backoff: 0s }\n}\n`),
    expected: `error: \`backoff\` must be a positive duration --> app.jadpo:3:33
  reason: Each entry of a failure, prompt, connection or \`locales\` takes one kind of value: a text, a word, a number, a duration, a list or a block.
  next: Write a duration such as \`backoff: 1s\` (agent)
  rule: type.bad_entry`,
  },
  {
    rule: "type.unknown_entry",
    title: "a misspelt entry of retries",
    files: app(`connection model {\n    capability: ai\n    retries: { max: 3  bakcoff: 2s }\n}\n`),
    expected: `error: \`retries\` has no entry \`bakcoff\` --> app.jadpo:3:24
  reason: Failures, prompts, connections and \`locales\` take a closed set of entries, so a misspelt one is caught rather than ignored.
  next: Did you mean \`backoff\`? (agent)
  rule: type.unknown_entry`,
  },
  {
    rule: "type.unknown_entry",
    files: shop(`failure Busy { kind: Unavailable  mesage: "Busy." }\n`),
    expected: `error: \`Busy\` has no entry \`mesage\` --> domains/shop/shop.jadpo:1:35
  reason: Failures, prompts, connections and \`locales\` take a closed set of entries, so a misspelt one is caught rather than ignored.
  next: Did you mean \`message\`? (agent)
  rule: type.unknown_entry`,
  },
  {
    rule: "type.repeated_entry",
    files: shop(`failure Busy { kind: Unavailable  kind: Conflict }\n`),
    expected: `error: \`kind\` is given twice in \`Busy\` --> domains/shop/shop.jadpo:1:35
  reason: Each entry is given once, so which value counts is never in doubt.
  next: Keep one \`kind\` (agent)
  rule: type.repeated_entry`,
  },
  {
    rule: "type.repeated_entry",
    title: "a locale listed twice",
    files: app(`locales { supported: ["en-GB", "en-GB"] }\n`),
    expected: `error: \`en-GB\` is given twice in \`supported\` --> app.jadpo:1:32
  reason: Each entry is given once, so which value counts is never in doubt.
  next: Keep one \`en-GB\` (agent)
  rule: type.repeated_entry`,
  },
  {
    rule: "type.missing_entry",
    files: shop(`failure Busy { message: "Busy." }\n`),
    expected: `error: \`Busy\` needs a \`kind\` --> domains/shop/shop.jadpo:1:9
  reason: A failure's \`kind\`, a prompt's \`text\` and a connection's \`capability\` say what it is, so none has a default.
  next: Add \`kind: Unavailable\` (or another of InvalidRequest, InvalidValue, NotFound, Conflict, Rejected, RateLimited, Unavailable, TimedOut, InternalFault) (agent)
  rule: type.missing_entry`,
  },
  {
    rule: "type.bad_word",
    files: shop(`failure Busy { kind: Unavailble  message: "Busy." }\n`),
    expected: `error: \`Unavailble\` is not a failure kind --> domains/shop/shop.jadpo:1:22
  reason: Entries such as \`kind\`, \`code\`, \`capability\` and \`driver\`, and locale tags, take a word of a known set or form.
  next: Did you mean \`Unavailable\`? (agent)
  rule: type.bad_word`,
  },
  {
    rule: "type.bad_word",
    title: "a code that is not lower_snake",
    files: shop(`failure Busy { kind: Unavailable  code: "Busy-Now" }\n`),
    expected: `error: \`Busy-Now\` is not a lower_snake code --> domains/shop/shop.jadpo:1:41
  reason: Entries such as \`kind\`, \`code\`, \`capability\` and \`driver\`, and locale tags, take a word of a known set or form.
  next: Write it as \`busy_now\` (agent)
  rule: type.bad_word`,
  },
  {
    rule: "type.locale_not_supported",
    files: app(`locales { default: "de-DE" supported: ["en-GB", "fr-FR"] }\n`),
    expected: `error: The default locale \`de-DE\` is not in \`supported\` --> app.jadpo:1:20
  reason: Every text falls back to the default locale, so it is one of the supported ones.
  next: Add "de-DE" to \`supported\` (agent)
  rule: type.locale_not_supported`,
  },
];
