// Rule cases the real Jadpo compiler's own corpus showed our checker lacked: duplicate failure
// codes, repeated and needless outcome arms, locale tags out of canonical case.
import { type RuleCase, shop, ANSWER } from "./shared.ts";

const app = (source: string): Record<string, string> => ({ "app.jadpo": source, "domains/shop/shop.jadpo": "" });

export const fidelityCases: RuleCase[] = [
  {
    rule: "failure.duplicate_code",
    files: shop(`failure Closed { kind: Conflict  message: "Closed." }\nfailure Shut { kind: Conflict  message: "Shut."  code: "closed" }\n`),
    expected: `error: \`Shut\` has the code \`closed\`, which \`Closed\` (domains/shop/shop.jadpo:1) has already --> domains/shop/shop.jadpo:2:56
  reason: A caller tells failures apart by their code, so each code belongs to one failure across the project.
  next: Give \`Shut\` its own \`code\`, such as \`code: "closed_2"\` (agent)
  rule: failure.duplicate_code`,
  },
  {
    rule: "failure.duplicate_code",
    title: "the same name in two modules",
    files: shop(`failure Closed { kind: Conflict  message: "Closed." }\n`, { "domains/store/store.jadpo": `failure Closed { kind: Conflict  message: "Closed too." }\n` }),
    expected: `error: \`Closed\` has the code \`closed\`, which \`Closed\` (domains/shop/shop.jadpo:1) has already --> domains/store/store.jadpo:1:9
  reason: A caller tells failures apart by their code, so each code belongs to one failure across the project.
  next: Give \`Closed\` its own \`code\`, such as \`code: "closed_2"\` (agent)
  rule: failure.duplicate_code`,
  },
  {
    rule: "failure.match_duplicate_arm",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        failure AiRefused => reject Unavailable\n        failure AiRefused, AiTimedOut => reject Unavailable\n        failure _ => reject Unavailable\n    }\n}\n`),
    expected: `error: \`failure AiRefused\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:15:17
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "a second success arm",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        success(b) => b\n        failure _ => reject Unavailable\n    }\n}\n`),
    expected: `error: \`success(...)\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:14:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "an enum member twice",
    files: shop(`type Tone = Enum { calm, loud }\nfunction level(t: Tone) -> Int {\n    return match t {\n        Tone.calm => 1\n        Tone.loud => 2\n        Tone.calm => 3\n    }\n}\n`),
    expected: `error: \`Tone.calm\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:6:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "an enum member after `_`",
    files: shop(`type Tone = Enum { calm, loud }\nfunction level(t: Tone) -> Int {\n    return match t {\n        Tone.calm => 1\n        _ => 2\n        Tone.loud => 3\n    }\n}\n`),
    expected: `error: \`Tone.loud\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:6:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "`none` twice in an optional match",
    files: shop(`function count(n: Int?) -> Int {\n    return match n {\n        some(x) => x\n        none => 0\n        none => 1\n    }\n}\n`),
    expected: `error: \`none\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:5:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "`some(x)` after `_` in an optional match",
    files: shop(`function count(n: Int?) -> Int {\n    return match n {\n        _ => 0\n        some(x) => x\n    }\n}\n`),
    expected: `error: \`some(x)\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:4:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "failure.match_duplicate_arm",
    title: "a failure arm after `failure _`",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        failure _ => reject Unavailable\n        failure AiRefused => reject Unavailable\n    }\n}\n`),
    expected: `error: \`failure AiRefused\` is handled by an earlier arm of this match --> domains/shop/shop.jadpo:15:9
  reason: A match runs the first arm that covers a case, so a later arm for the same case, or any arm after \`_\`, would never run.
  next: Remove this arm, or merge its body into the earlier one (agent)
  rule: failure.match_duplicate_arm`,
  },
  {
    rule: "name.unknown",
    title: "a `propagate` arm is one diagnostic, with no `failure.stale` beside it",
    files: shop(`${ANSWER}\naction answer(question: Question) fails Unavailable -> Answer {\n    return match ai.generate(Ask { question: question }, as: Answer) {\n        success(a) => a\n        failure _ => propagate\n    }\n}\n`),
    expected: `error: \`propagate\` is not defined here --> domains/shop/shop.jadpo:14:22
  reason: A name must be declared in the module, imported with \`use\`, declared in \`app.jadpo\`, or be a prelude name.
  next: Declare it, or import it with \`use\` (agent)
  rule: name.unknown`,
  },
  {
    rule: "type.mismatch",
    title: "outcome arms on a value that is not a call: the expected thing in words",
    files: shop(`function count(n: Int) -> Int {\n    return match n {\n        success(x) => x\n        failure _ => 0\n    }\n}\n`),
    expected: `error: Expected a call that can fail, found \`Int\` --> domains/shop/shop.jadpo:2:18
  reason: Every type is nominal, so a value of one type is never silently taken for another.
  next: Match outcomes on a call such as \`ai.generate(...)\` or an action with \`fails\` (agent)
  rule: type.mismatch`,
  },
  {
    rule: "failure.match_needless",
    files: shop(`function double(n: Int) -> Int {\n    return n * 2\n}\nfunction four() -> Int {\n    return match double(2) {\n        success(n) => n\n        failure _ => 0\n    }\n}\n`),
    expected: `error: \`double\` can't fail, so matching on its outcome does nothing --> domains/shop/shop.jadpo:5:18
  reason: An outcome \`match\` handles the failures of a call that can fail; a call that can't fail gives its value directly.
  next: Use the value of \`double(...)\` directly, without \`match\` (agent)
  rule: failure.match_needless`,
  },
  {
    rule: "failure.match_needless",
    title: "ai.stream: match on how it stopped",
    files: shop(`${ANSWER}\naction tell(question: Question) -> Text {\n    return match ai.stream(Ask { question: question }) {\n        success(s) => s.text\n        failure _ => "none"\n    }\n}\n`),
    expected: `error: \`ai.stream\` can't fail, so matching on its outcome does nothing --> domains/shop/shop.jadpo:12:18
  reason: An outcome \`match\` handles the failures of a call that can fail; a call that can't fail gives its value directly.
  next: Match on how the stream stopped instead: \`var streamed = ai.stream(...)\`, then \`match streamed.stopped { StreamStop.finished => streamed.text  _ => ... }\` (agent)
  rule: failure.match_needless`,
  },
  {
    rule: "type.bad_locale",
    files: app(`locales { default: "en-GB" supported: ["en-GB", "en-us"] }\n`),
    expected: `error: The locale tag \`en-us\` is not in canonical case --> app.jadpo:1:49
  reason: Locale tags are written as BCP 47 writes them — language lower, region upper — so one locale always has one spelling.
  next: Write \`"en-US"\` (agent)
  rule: type.bad_locale`,
  },
  {
    rule: "type.bad_locale",
    title: "the default",
    files: app(`locales { default: "EN-gb" supported: ["en-GB"] }\n`),
    expected: `error: The locale tag \`EN-gb\` is not in canonical case --> app.jadpo:1:20
  reason: Locale tags are written as BCP 47 writes them — language lower, region upper — so one locale always has one spelling.
  next: Write \`"en-GB"\` (agent)
  rule: type.bad_locale`,
  },
];
