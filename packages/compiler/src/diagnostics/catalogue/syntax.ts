// Rules of the lexer and parser (syntax.*) and of input limits (limit.*).
import type { RuleEntry } from "./rule-entry.ts";

export const syntaxRules = {
  "syntax.expected": {
    summary: "Expected {expected}, found {found}",
    reason: "Jadpo reads each construct in one canonical spelling, so a missing or stray word or symbol stops the construct where it stands.",
    // {step} is the one fix for what was expected, made by syntax/parse-errors.ts.
    next: "{step}",
    owner: "agent",
  },
  "syntax.unterminated_text": {
    summary: "This text is never closed: it needs a closing {closer}",
    reason: "A text starts and ends with `\"` on the same line (or `\"\"\"` for multi-line text), so everything after an unclosed quote would be swallowed.",
    next: "Close the text with {closer}",
    owner: "agent",
  },
  "syntax.bad_escape": {
    summary: "`{escape}` is not an escape Jadpo knows",
    reason: "Text escapes are `\\\" \\\\ \\n \\r \\t \\{` and `\\u{H..HHHHHH}` (at most 10FFFF), so every other backslash is a mistake rather than a guess.",
    next: "Use one of the known escapes, or write `\\\\` for a backslash",
    owner: "agent",
  },
  "syntax.invalid_character": {
    // {what}: the run of characters in backticks, "The character U+0007", or "Bytes that are not valid UTF-8".
    summary: "{what} can't stand in Jadpo source",
    reason: "Jadpo source is UTF-8 text, and outside texts and comments it is made of names, numbers, durations and Jadpo's own punctuation.",
    next: "Remove it, or put it inside a text (and save the file as UTF-8)",
    owner: "agent",
  },
  "syntax.bare_expression": {
    summary: "An expression can't stand alone as a statement",
    reason: "A value that is computed and then dropped is almost always a mistake; only `match`, `attempt` and a block's final value stand alone.",
    next: "Keep the value with `var name = ...`, or remove it",
    owner: "agent",
  },
  "syntax.number_too_large": {
    summary: "`{number}` is beyond the range of Int",
    reason: "An Int is an integer within ±(2^53−1), so every Int is exact on every machine.",
    next: "Use a number within ±9007199254740991",
    owner: "agent",
  },
  "syntax.unsupported": {
    // {construct}: the construct's first word (`entity`, `route`, `enum`, …); {step} from syntax/unsupported.ts.
    summary: "`{construct}` is a construct of the full Jadpo language, which this toolchain doesn't cover",
    reason: "This toolchain covers the AI-testing part of Jadpo (types, failures, functions, actions, prompts, fixtures, connections and tests); it skips this declaration whole and checks the rest of the project.",
    next: "{step}",
    owner: "agent",
  },
  "limit.file_too_large": {
    summary: "This file is {size}, over the 16 MiB a source file may be",
    reason: "Source files are read whole; a limit keeps every command fast and bounded.",
    next: "Split the file into smaller files in the same module",
    owner: "agent",
  },
  "limit.too_deep": {
    summary: "Nesting is deeper than 256 levels here",
    reason: "Brackets, blocks and expressions nest at most 256 deep, so no input can overflow the compiler's stack.",
    next: "Flatten the nesting, for example with `var` names for inner values",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
