// Rules of the AI capability, at compile time and when the CLI talks to a model.
import type { RuleEntry } from "./rule-entry.ts";

export const aiRules = {
  "ai.not_prompt_values": {
    summary: "`ai.{call}` needs a prompt's values, found `{found}`",
    reason: "The values type selects the prompt, so a call always says which prompt it asks.",
    next: "Pass a prompt's values record, such as `{example} { ... }`",
    owner: "agent",
  },
  "ai.prompt_mixed_use": {
    summary: "`{prompt}` is asked by both `ai.generate` and `ai.stream`",
    reason: "A prompt is either generated as a type or streamed as text, so its fakes and recordings have one shape.",
    next: "Declare a second prompt for the other use",
    owner: "agent",
  },
  "ai.stream_tools": {
    summary: "`{prompt}` has tools, so it can't be streamed",
    reason: "A model with tools answers in turns, calling tools before its final answer, and only `ai.generate` runs those turns.",
    next: "Ask it with `ai.generate(..., as: T)`, or stream a second prompt without tools",
    owner: "agent",
  },
  "ai.sandbox_unknown_prompt": {
    summary: "`{name}` in `sandbox` is not a prompt",
    reason: "The sandbox lets named prompts reach the real model in `jadpo dev`, so each name must be a prompt.",
    next: "{suggestion}",
    owner: "agent",
  },
  "ai.second_connection": {
    summary: "`{name}` is a second `capability: ai` connection; `{first}` is the first",
    reason: "Every ai call in the project goes through one connection, so which model answers is never in doubt.",
    next: "Keep one ai connection (the first is at {where})",
    owner: "agent",
  },
  "ai.key_missing": {
    summary: "The key for `{connection}` is not set: `{variable}` is not in the environment",
    reason: "The key is read from the environment when the model is asked, and never stored.",
    next: "Set `{variable}` in your environment and run the command again",
    owner: "human",
  },
  "ai.setting_missing": {
    reason: "A served or built app reads its connection's settings from the environment when it starts, so a deployment missing one stops at once rather than at its first call.",
    owner: "human",
    variants: {
      unset: {
        summary: "`{variable}` is not set, so the connection `{connection}`'s {setting} can't be read",
        next: "Set `{variable}` in the environment the app runs in, or give the connection's `env(\"{variable}\", …)` a default",
      },
      absent: {
        summary: "The connection `{connection}` has no `{setting}`",
        next: "Give the connection a `{setting}` entry",
      },
    },
  },
  "ai.no_values": {
    summary: "No values to ask `{prompt}` with",
    reason: "A recording answers the prompt as a real call asks it, so it needs the values of a `jadpo dev` call or a fixture.",
    // {suggestion}: the fixtures that can feed the prompt (noValuesStep), else how to declare one.
    next: "{suggestion}",
    owner: "human",
  },
  "ai.unreachable": {
    summary: "The model at {url} can't be reached",
    reason: "Recording asks the configured model once; nothing is written without its answer.",
    next: "Start the model server or correct `base_url`, then record again",
    owner: "human",
  },
  "ai.model_error": {
    summary: "Asking the model failed: {error}",
    reason: "Only an answer that decodes is recorded; nothing is written otherwise.",
    next: "Check the model and connection settings, then record again",
    owner: "human",
  },
  "ai.answer_undecodable": {
    summary: "The model's answer doesn't decode as `{type}`",
    reason: "A recording must decode as the type its prompt is asked for as, or no test could use it.",
    next: "Record again, or adjust the prompt so the model answers in the type",
    owner: "human",
  },
  "ai.cannot_reask": {
    summary: "`{prompt}`'s recording `{name}` is out of date and can't be asked again: {why}",
    reason: "A recording is asked again with the values it was first asked with — its fixture, or a `jadpo dev` call with the same values — so a re-recorded answer never answers another question; it is left as it was.",
    // {fixture}: the one fixture that can feed the prompt, else `group.fixture` (fixtureForCommand).
    next: "Record it again by hand with `jadpo ai record {prompt} --as {name} --fixture {fixture}`, or make a `jadpo dev` call with the values it answered",
    owner: "human",
  },
  "ai.recording_exists": {
    summary: "`{prompt}` already has a recording `{name}`",
    reason: "A recording is replaced only on purpose, so a test's answer never changes by accident.",
    next: "Pass `--force` to replace it, or choose another name",
    owner: "human",
  },
  "ai.unknown_prompt": {
    summary: "`{name}` is not a prompt of this project",
    reason: "`jadpo ai` commands name a prompt as it is declared, and prompt names are unique across the project.",
    next: "{suggestion}",
    owner: "human",
  },
  "ai.not_generated": {
    summary: "`{prompt}` has no `ai.generate` or `ai.stream` call to record an answer for",
    reason: "A recording answers an `ai.generate` call, decoded as its `as:` type, or an `ai.stream` call, so only a prompt some call asks has answers to record.",
    next: "{suggestion}",
    owner: "human",
  },
  "ai.fixture_unusable": {
    summary: "`--fixture {fixture}` can't give `{prompt}`'s values: {problem}",
    reason: "`jadpo ai record --fixture` asks with the value a fixture returns, so it names a fixture without parameters whose type is the prompt's values type.",
    next: "{suggestion}",
    owner: "human",
  },
  "ai.key_in_answer": {
    summary: "The model's answer for `{prompt}` contains the connection's key",
    reason: "Recordings are committed files, and a key must never be written into one, even in a `personal: false` field.",
    next: "Find out why the model repeats its key (the prompt or the server), then record again; nothing was written",
    owner: "human",
  },
  "ai.no_connection": {
    summary: "The project has no connection with `capability: ai`",
    reason: "`jadpo ai record` asks the model of the project's ai connection, declared in `app.jadpo`.",
    next: "Declare a `connection` with `capability: ai` in `app.jadpo`",
    owner: "human",
  },
} as const satisfies Record<string, RuleEntry>;
