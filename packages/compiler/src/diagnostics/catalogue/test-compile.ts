// Rules checked when a test compiles: its fakes and its `assert ... fails`.
import type { RuleEntry } from "./rule-entry.ts";

export const testCompileRules = {
  "test.fake_type": {
    // {what}: "A scripted answer", "A scripted tool call's argument" (the one record, checked against the tool's arguments type), or
    // a `when` item's match: "A `when` item's field" (against the prompt's values type), "… text", "A `when` item of `ai.embed`".
    summary: "{what} doesn't decode as `{type}`",
    reason: "Scripts are checked against the prompt's types when the test compiles, so a test can't script what the decoding would reject or what no call could send.",
    // {suggestion}: a did-you-mean for a misspelt field, else "Correct the scripted answer to the type".
    next: "{suggestion}",
    owner: "agent",
  },
  "test.fake_unknown_prompt": {
    summary: "`ai.{name}` names no prompt",
    reason: "Fakes are scripted by prompt name, so each key must be `ai.<prompt>` or `ai.embed`.",
    next: "{suggestion}",
    owner: "agent",
  },
  "test.fake_unknown_tool": {
    reason: "A scripted step calls the prompt's own tools, so each call is checked against its tool's arguments type when the test compiles.",
    owner: "agent",
    variants: {
      unknown: {
        summary: "`{tool}` is not a tool of `{prompt}`",
        next: "{suggestion}",
      },
      no_tools: {
        summary: "`{prompt}` has no tools, so its script can't call one",
        next: "Give `{prompt}` `tools:`, or script an answer",
      },
    },
  },
  "test.fake_stream_item": {
    reason: "A generate prompt is scripted with answers, a stream prompt with texts and `ai.embed` with vectors, so each item has the shape its call reads.",
    owner: "agent",
    variants: {
      stream_on_generate: {
        summary: "`partial(...)` scripts a stream, but `{prompt}` is asked by `ai.generate`",
        next: "Script {answer}`raw(\"...\")`, `recorded(\"...\")`, `malformed` or one of {failures}",
      },
      answer_on_stream: {
        summary: "`{prompt}` is streamed, so it is scripted with texts, not answers",
        next: "Script a text, a list of pieces, `partial(\"...\", <stop>)`, `recorded(\"...\")` or one of {failures}",
      },
      transport_stop: {
        summary: "`{word}` is a whole item, not a way a stream stops",
        next: "Script `{word}` as an item of its own: the request is sent again and the next item answers it. A stream cut off after some text stops `timed_out`, as `partial(\"...\", timed_out)`",
      },
      bad_stop: {
        summary: "`{word}` is not a way a stream stops",
        next: "End `partial(...)` with one of {failures}",
      },
      generate_on_stream: {
        summary: "{item} scripts an `ai.generate` answer, but `{prompt}` is streamed",
        next: "Script a text, a list of pieces, `partial(\"...\", <stop>)`, `recorded(\"...\")` or one of {failures}",
      },
      not_embedding: {
        summary: "{item} can't answer `ai.embed`",
        next: "Script a list of {dimensions} numbers, or one of {failures}",
      },
      pieces_on_generate: {
        summary: "A list of pieces scripts a stream, but `{prompt}` is asked by `ai.generate`",
        next: "Script {answer}`raw(\"...\")`, `recorded(\"...\")`, `malformed` or one of {failures}",
      },
      empty_piece: {
        summary: "An empty piece streams nothing",
        next: "Give every piece at least one character, or leave the empty piece out",
      },
      piece_not_text: {
        summary: "A stream's pieces are texts written out",
        next: "Write each piece as a text, such as `\"Our sour\"`",
      },
      wrong_call: {
        summary: "This scripted item can't answer {call}",
        next: "Script items of the kind `{script}`'s calls read",
      },
    },
  },
  "test.embedding_length": {
    summary: "This vector has {found} numbers; embeddings here have {expected}",
    reason: "A scripted embedding is used as given, so it must have the connection's `embedding_dimensions`.",
    next: "Give exactly {expected} numbers",
    owner: "agent",
  },
  "test.recording_name": {
    summary: "The recording file `{file}` is not named in lower_snake",
    reason: "A recording's file name is its name in `recorded(\"...\")` and in its test's name, so it is lower_snake, like `not_covered.json`.",
    next: "Rename it to `{better}.json`",
    owner: "human",
  },
  "test.recording_missing": {
    summary: "`{prompt}` has no recording `{name}`",
    reason: "`recorded(\"name\")` reads `recordings/{prompt}/{name}.json` beside the prompt.",
    // {suggestion}: the closest recording of the prompt, else how to record it (recordingMissingStep).
    next: "{suggestion}",
    owner: "agent",
  },
  "test.fixture_outside_test": {
    summary: "`{name}` can't use the fixture `{fixture}`: it is {what}",
    reason: "Fixtures are test support: only tests, other fixtures and `jadpo ai record --fixture` use them, so no app code depends on test data.",
    next: "Pass the value in as a parameter, or move the use into a test",
    owner: "agent",
  },
  "test.test_only": {
    summary: "{what} only stands in a {place}",
    reason: "Tests, assertions, the test clock and what a fake was asked belong to test files, so app code never depends on them.",
    next: "{suggestion}",
    owner: "agent",
  },
  "test.fails_impossible": {
    summary: "`{call}` can't fail with `{failure}`",
    reason: "An assertion that can never hold tests nothing.",
    next: "Assert a failure `{call}` can fail with: {possible}",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
