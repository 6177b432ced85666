// Rules that fail a running test, and runtime faults.
import type { RuleEntry } from "./rule-entry.ts";

export const testRunRules = {
  "test.assertion_failed": {
    summary: "The assertion does not hold",
    reason: "A test passes only when every assertion holds.",
    next: "Fix the code under test, or the assertion if it is wrong",
    owner: "agent",
  },
  "test.unexpected_failure": {
    summary: "`{call}` failed with `{failure}`",
    reason: "A test that attempts a call expects it to succeed; a failure it didn't assert ends it.",
    next: "Assert the failure with `assert ... fails {failure}`, or fix the cause",
    owner: "agent",
  },
  "test.expected_failure": {
    summary: "`{call}` was expected to fail with `{failure}`",
    reason: "`assert ... fails F` holds only when the call fails with exactly `F`.",
    next: "Fix the code so it fails with `{failure}`, or correct the assertion",
    owner: "agent",
  },
  "test.fakes_exhausted": {
    summary: "`ai.{prompt}` was asked more often than scripted",
    reason: "Each scripted item answers one attempt, so a script that runs out is loud rather than silently generating values.",
    next: "Add an item to the script for each attempt, or remove the script",
    owner: "agent",
  },
  "test.fakes_unused": {
    summary: "`ai.{prompt}` has scripted items no attempt used",
    reason: "Every scripted item answers one attempt, so an unused one means the code asked less often than the test thinks.",
    next: "Remove the unused items, or check why the code asked less",
    owner: "agent",
  },
  "test.no_tests": {
    summary: "No tests found{where}",
    reason: "A test run that runs nothing proves nothing, so it fails.",
    // {suggestion}: for what was given (a name filter, a line no test covers), else noTestsStep's default.
    next: "{suggestion}",
    owner: "agent",
  },
  "test.timed_out": {
    summary: "The test ran longer than its time limit of {limit}",
    reason: "A test that never ends would stop the whole run, so each test has a limit of wall time; the other tests still run.",
    next: "Look for a loop or recursion that grows without end, or give slow tests more time with `--test-timeout 30s`",
    owner: "agent",
  },
  "test.recording_undecodable": {
    summary: "`{prompt}`'s recording `{name}` doesn't decode",
    reason: "Every build decodes every recording through each type its prompt is asked for as, every rule included, so an answer no call could read, or one its type has changed under since it was recorded, shows here before a test answers with it.",
    // {step}: the command that records it again (runtime's ai/undecodable-recording.ts), or what to do when that can't help.
    next: "{step}",
    owner: "agent",
  },
  "test.seed_dependent": {
    summary: "The test passes under some seeds and fails under others",
    reason: "A test that passes only for some valid answers passes by luck; the seed decides which answer it gets.",
    next: "Script the answer the test depends on, or assert only what holds for every valid answer",
    owner: "agent",
  },
  "test.coverage_below": {
    summary: "The tests reached {reached} of {total} AI outcomes ({percent}%), below `--coverage-min {min}`",
    reason: "Every AI call can succeed, need a correction or fail several ways; an outcome no test drives is handling no test checks.",
    next: "Script the outcomes marked ✗ in a test of the call's code, or lower `--coverage-min`",
    owner: "agent",
  },
  "runtime.fault": {
    reason: "A runtime fault stops the program where a value breaks a rule that only running can check.",
    owner: "agent",
    variants: {
      division_by_zero: { summary: "Division by zero", next: "Check that the divisor is not zero before dividing" },
      int_overflow: {
        summary: "Int overflow: the result is beyond ±9007199254740991",
        next: "Keep Int values within ±(2^53−1), or use Decimal for larger numbers",
      },
      decimal_overflow: { summary: "Decimal overflow: the result is too large to represent", next: "Keep Decimal values within range" },
      constraint_broken: {
        summary: "`{value}` breaks `{constraint}` of `{type}`{where}",
        next: "Check the value before converting it to `{type}`",
      },
      not_valid: {
        summary: "`{value}` is not a valid `{type}`: `{rule}`{where}{expected}",
        next: "Check the value before converting it to `{type}`",
      },
      vector_lengths: {
        summary: "`vector.similarity` got vectors of different lengths ({left} and {right})",
        next: "Compare embeddings made by the same connection",
      },
      random_bounds: { summary: "`random.int({min}, {max})` has a minimum above its maximum", next: "Pass the smaller bound first" },
      replace_empty: {
        summary: "`text.replace` was asked to replace an empty text",
        next: "Replace a text of at least one character: check it isn't empty before calling `text.replace`",
      },
      round_places: {
        summary: "`decimal.round` was asked for {places} decimal places, outside 0 to 15",
        next: "Round to between 0 and 15 places",
      },
      call_depth: {
        summary: "`{name}` was called more than {depth} levels deep",
        next: "Make sure the recursion stops: check its ending condition",
      },
      text_too_long: {
        summary: "The text would be {length} characters long, more than a text can hold",
        next: "Build less text: a loop that doubles a text grows it past any limit quickly",
      },
      instant_range: {
        summary: "The instant would be outside the years -271821 to 275760, the range an `Instant` can hold",
        next: "Keep instants within that range: check the durations added to them",
      },
      compare_depth: {
        summary: "The values compared are nested too deeply to compare",
        next: "Compare a part of the values (a field, or a shorter chain), or keep linked values shallower",
      },
      stack_overflow: {
        summary: "The program called itself too deeply: the call stack overflowed",
        next: "Make sure the recursion stops: check its ending condition",
      },
      fixture_stopped: { summary: "The fixture `{fixture}` stopped: {fault}", next: "{suggestion}" },
      model_error: {
        summary: "Asking the model failed: {error}",
        next: "Check the connection's model, base_url and key in the environment the app runs with",
      },
      too_long: {
        summary: "The action ran longer than its time limit of {limit}",
        next: "Look for a loop or recursion that grows without end, or give actions more time with `jadpo dev --action-timeout 2m`",
      },
    },
  },
} as const satisfies Record<string, RuleEntry>;
