// Rules of the typechecker: types, failures, purity and prompts.
import type { RuleEntry } from "./rule-entry.ts";

export const typeRules = {
  "type.mismatch": {
    reason: "Every type is nominal, so a value of one type is never silently taken for another.",
    owner: "agent",
    variants: {
      types: { summary: "Expected `{expected}`, found `{found}`", next: "{suggestion}" },
      // {expected} and {found} in words, with any code in them quoted by the caller: "Expected a value, found nothing".
      words: { summary: "Expected {expected}, found {found}", next: "{suggestion}" },
    },
  },
  "type.unknown": {
    summary: "No type named `{name}`",
    reason: "A type must be declared, imported with `use`, or be a prelude type.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.bad_constraint": {
    reason: "Constraints are a closed set per base type, and a type must have at least one valid value.",
    owner: "agent",
    variants: {
      unknown: { summary: "`{constraint}` is not a constraint", next: "{suggestion}" },
      wrong_base: { summary: "`{constraint}` doesn't apply to {subject}", next: "{allowed}" },
      repeated: { summary: "`{constraint}` is given twice", next: "Keep one `{constraint}`" },
      value: { summary: "`{constraint}` of {subject} must be {expected}", next: "Write {example}" },
      bad_pattern: { summary: "`{pattern}` is not a valid regular expression", next: "Write a JavaScript regular expression (it is used with the `u` flag)" },
      unsupported_pattern: {
        summary: "`{pattern}` uses {feature}, which jadpo can't match in linear time",
        next: "Write the pattern without it: jadpo matches patterns with RE2, so no text can make a match slow",
      },
      empty_pattern: {
        summary: "`pattern` of {subject} matches no text at all",
        next: "Change the pattern so some text matches it",
      },
      no_members: { summary: "The enum {subject} has no members, so no value has its type", next: "List its members: `Enum { first second }`" },
      min_above_max: { summary: "`{low}: {low_value}` is greater than `{high}: {high_value}`", next: "Make `{low}` at most `{high}`" },
      pattern_length: {
        summary: "`pattern` of {subject} matches only texts of {length} characters, outside its length bounds",
        next: "Change the pattern or the length bounds so some text meets both",
      },
    },
  },
  "type.defined_by_itself": {
    summary: "`{name}` is defined in terms of itself",
    reason: "A type is based on a prelude type, or on a type that is, so following its bases always ends.",
    next: "Base the type on a prelude type, such as `Text`",
    owner: "agent",
  },
  "type.infinite": {
    summary: "`{name}` contains itself ({through} → `{name}`), so it has no finite value",
    reason: "A record that must always hold another of its own kind can never be written down, so no program could make one.",
    next: "Make a field on the way optional (`{name}?`) or a list (`List<{name}>`)",
    owner: "agent",
  },
  "type.bad_base": {
    summary: "{subject} can't be based on `{base}`",
    reason: "A named type is based on a scalar, a list, an enum or a record; where a value may be none is said where the type is used, with `?`.",
    next: "Declare {subject} on `{inner}` and write `{name}?` where it may be none",
    owner: "agent",
  },
  "type.constraint_violated": {
    summary: "{value} breaks `{constraint}` of `{type}`",
    reason: "A literal is checked against the type expected where it stands, constraints included, so an invalid value never gets into the program.",
    next: "Write a value that meets `{constraint}`",
    owner: "agent",
  },
  "type.missing_field": {
    summary: "`{type}` needs the field `{field}`",
    reason: "A record value is always complete: every field is given once.",
    next: "Add `{field}: ...`",
    owner: "agent",
  },
  "type.unknown_field": {
    summary: "`{type}` has no field `{field}`",
    reason: "A record gives exactly the fields its type declares.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.not_comparable": {
    summary: "`{left}` and `{right}` can't be compared with `{op}`",
    reason: "Ordering works on numbers of the same base; equality on values of the same type.",
    next: "Convert one side so both have the same type",
    owner: "agent",
  },
  "type.argument_count": {
    summary: "`{call}` takes {expected}, found {found}",
    reason: "A call gives each parameter exactly once, in order, so nothing is left to a default or dropped.",
    next: "Pass {expected} to `{call}`",
    owner: "agent",
  },
  "type.not_callable": {
    summary: "`{name}` can't be called: it is {what}",
    reason: "Only functions, actions, fixtures, the library and conversions `T(v)` can be called.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.not_a_value": {
    summary: "`{name}` is {what}, not a value",
    reason: "Only values can be kept, passed and compared; declarations are used by calling or naming them.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.immutable": {
    summary: "`{name}` can't be changed: it isn't declared with `var mut`",
    reason: "Values don't change unless declared mutable, so a reader knows which names can change.",
    next: "Declare it with `var mut {name} = ...`, or keep the new value in a new name",
    owner: "agent",
  },
  "type.missing_return": {
    summary: "`{name}` doesn't return a `{type}` on every path",
    reason: "A function, action or fixture that declares `-> T` gives a `T` whichever way its body goes.",
    next: "End every path with `return` (or `reject` in an action)",
    owner: "agent",
  },
  "type.bad_entry": {
    summary: "`{entry}` must be {expected}",
    reason: "Each entry of a failure, prompt, connection or `locales` takes one kind of value: a text, a word, a number, a duration, a list or a block.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.unknown_entry": {
    summary: "{owner} has no entry `{entry}`",
    reason: "Failures, prompts, connections and `locales` take a closed set of entries, so a misspelt one is caught rather than ignored.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.repeated_entry": {
    summary: "`{entry}` is given twice in {owner}",
    reason: "Each entry is given once, so which value counts is never in doubt.",
    next: "Keep one `{entry}`",
    owner: "agent",
  },
  "type.missing_entry": {
    summary: "{owner} needs a `{entry}`",
    reason: "A failure's `kind`, a prompt's `text` and a connection's `capability` say what it is, so none has a default.",
    next: "Add `{example}`{more}",
    owner: "agent",
  },
  "type.bad_word": {
    summary: "`{word}` is not {what}",
    reason: "Entries such as `kind`, `code`, `capability` and `driver`, and locale tags, take a word of a known set or form.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.bad_locale": {
    summary: "The locale tag `{tag}` is not in canonical case",
    reason: "Locale tags are written as BCP 47 writes them — language lower, region upper — so one locale always has one spelling.",
    next: "Write `\"{canonical}\"`",
    owner: "agent",
  },
  "type.locale_not_supported": {
    summary: "The default locale `{locale}` is not in `supported`",
    reason: "Every text falls back to the default locale, so it is one of the supported ones.",
    next: "Add \"{locale}\" to `supported`",
    owner: "agent",
  },
  "failure.duplicate_code": {
    summary: "`{name}` has the code `{code}`, which {first} has already",
    reason: "A caller tells failures apart by their code, so each code belongs to one failure across the project.",
    next: "Give `{name}` its own `code`, such as `code: \"{code}_2\"`",
    owner: "agent",
  },
  "failure.match_duplicate_arm": {
    summary: "`{arm}` is handled by an earlier arm of this match",
    reason: "A match runs the first arm that covers a case, so a later arm for the same case, or any arm after `_`, would never run.",
    next: "Remove this arm, or merge its body into the earlier one",
    owner: "agent",
  },
  "failure.match_needless": {
    summary: "`{call}` can't fail, so matching on its outcome does nothing",
    reason: "An outcome `match` handles the failures of a call that can fail; a call that can't fail gives its value directly.",
    // \`ai.stream\` never fails, but how it stopped is worth a match: the advice says where that is.
    next: "{instead}",
    owner: "agent",
  },
  "failure.attempt_required": {
    summary: "`{call}` can fail, and nothing handles it",
    reason: "Every call that can fail is wrapped by `attempt`, matched on its outcome, or asserted with `fails` in a test, so no failure is silently lost.",
    next: "Write `attempt {call}(...)`, or match on its outcome",
    owner: "agent",
  },
  "failure.attempt_needless": {
    summary: "`{call}` can't fail, so `attempt` does nothing",
    reason: "`attempt` marks exactly the calls that can fail, so a reader sees where failures travel.",
    next: "Remove `attempt`",
    owner: "agent",
  },
  "failure.undeclared": {
    summary: "`{action}` can fail with {failures}, which its `fails` doesn't list",
    reason: "`fails` lists exactly the failures a caller must handle.",
    next: "{fix}",
    owner: "agent",
  },
  "failure.stale": {
    summary: "`{failure}` is listed in `fails` but can't escape `{action}`",
    reason: "`fails` lists exactly the failures that can escape, so callers don't handle failures that never happen.",
    next: "Remove `{failure}` from the `fails` list",
    owner: "agent",
  },
  "failure.match_not_exhaustive": {
    summary: "This match doesn't cover {missing}",
    reason: "A match handles every case, so a new failure or member can't slip through unhandled.",
    next: "Add an arm for {missing}, or end with `{catch_all}`",
    owner: "agent",
  },
  "failure.arm_impossible": {
    summary: "`{call}` can't fail with {failure}",
    reason: "A match handles the failures its call can fail with, so no arm waits for a failure that never comes.",
    next: "Remove the arm for {failure}; `{call}` can fail with {possible}",
    owner: "agent",
  },
  "function.impure": {
    // {callee}: "the action `classify`", or "`ai.generate`".
    summary: "`{name}` is a {what}, so it can't call {callee}",
    reason: "Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.",
    next: "Make `{name}` an action, or pass the value in as a parameter",
    owner: "agent",
  },
  "prompt.bad_tool": {
    reason: "The model calls a tool with arguments decoded as its one record parameter and is sent back its result, so each tool is an action or a function that takes one record and returns a value.",
    owner: "agent",
    variants: {
      not_callable: {
        summary: "`{name}` is {what}, not an action or a function",
        next: "List an action or a function in `tools:`",
      },
      params: {
        summary: "`{name}` takes {count}, but a tool takes exactly one record",
        next: "Give `{name}` one parameter of an `Object` type; a tool that needs no input takes `Object { }`",
      },
      not_record: {
        summary: "`{name}` takes a `{type}`, but a tool's parameter is a record",
        next: "Make the parameter an `Object` type, such as `type OrderQuery = Object { code: Text }`",
      },
      no_result: {
        summary: "`{name}` returns no value, so the model would learn nothing from calling it",
        next: "Give `{name}` a result type after `->`",
      },
      repeated: {
        summary: "`{name}` is listed twice in the tools of `{prompt}`",
        next: "Remove the second `{name}`",
      },
      empty: {
        summary: "The `tools:` of `{prompt}` lists no tool",
        next: "List a tool, such as `find_order: \"Finds an order by its code.\"`, or remove `tools:` (a prompt without tools answers in one step)",
      },
      steps_without_tools: {
        summary: "`{prompt}` has `max_steps:` but no `tools:`",
        next: "Give `{prompt}` tools, or remove `max_steps:` (a prompt without tools answers in one step)",
      },
    },
  },
  "prompt.unknown_placeholder": {
    summary: "`{{placeholder}}` names no parameter of `{prompt}`",
    reason: "A placeholder is replaced by a parameter's value, so it must name a parameter (or a field of one).",
    next: "{suggestion}",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
