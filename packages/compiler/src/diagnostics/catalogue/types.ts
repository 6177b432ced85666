// Rules of the typechecker: types, failures, purity and prompts.
import type { RuleEntry } from "./rule-entry.ts";

export const typeRules = {
  "type.mismatch": {
    summary: "Expected `{expected}`, found `{found}`",
    reason: "Every type is nominal, so a value of one type is never silently taken for another.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.unknown": {
    summary: "No type named `{name}`",
    reason: "A type must be declared, imported with `use`, or be a prelude type.",
    next: "{suggestion}",
    owner: "agent",
  },
  "type.bad_constraint": {
    summary: "{problem}",
    reason: "Constraints are a closed set per base type, and a type must have at least one valid value.",
    next: "{suggestion}",
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
    summary: "{problem}",
    reason: "Failures, prompts, connections and locales take a closed set of entries, each with one kind of value.",
    next: "{suggestion}",
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
    summary: "`{name}` can't call `{call}`: it is a {what}",
    reason: "Functions and fixtures are pure: the same arguments always give the same value, so they need no fakes.",
    next: "Make `{name}` an action, or pass the value in as a parameter",
    owner: "agent",
  },
  "prompt.unknown_placeholder": {
    summary: "`{{placeholder}}` names no parameter of `{prompt}`",
    reason: "A placeholder is replaced by a parameter's value, so it must name a parameter (or a field of one).",
    next: "{suggestion}",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
