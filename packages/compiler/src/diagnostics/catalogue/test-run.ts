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
    next: "Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path",
    owner: "agent",
  },
  "test.recording_undecodable": {
    summary: "`{prompt}`'s recording `{name}` doesn't decode",
    reason: "Every build decodes every recording through each type its prompt is asked for as, every rule included, so an answer no call could read, or one its type has changed under since it was recorded, shows here before a test answers with it.",
    next: "Correct its answer to the type, or record it again",
    owner: "agent",
  },
  "runtime.fault": {
    summary: "{problem}",
    reason: "A runtime fault stops the program where a value breaks a rule that only running can check.",
    next: "{suggestion}",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
