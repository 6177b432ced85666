// Which values a recording is asked with again (docs/cli-ai.md, "keeping recordings fresh"): the
// fixture it remembers, else the newest `jadpo dev` call with the same values digest, else — for
// one recording named on the command line — the prompt's last call. A recording is out of date
// when it was made from an older version of its prompt or with another model than the connection's.
import { existsSync } from "node:fs";
import type { CheckedProgram, PromptInfo } from "@jadpo/compiler";
import { readRecording, type Asked, type RecordingKey } from "@jadpo/runtime/recordings";
import { nodeHost } from "../../../node-host.ts";
import { valuesFromDevLog, valuesFromFixture, valuesFromSameValuesCall, type ValuesResult } from "./values.ts";

/** How the recording file stands. */
export type OnDisk =
  | { kind: "absent" }
  /** It exists but doesn't read as a recording: only `--force` replaces it. */
  | { kind: "unreadable" }
  | { kind: "current"; asked: Asked | null }
  | { kind: "out_of_date"; asked: Asked | null };

export function onDisk(absolute: string, prompt: PromptInfo, model: string | null): OnDisk {
  if (!existsSync(absolute)) return { kind: "absent" };
  const bytes = nodeHost.readFile(absolute);
  if (bytes === null) return { kind: "unreadable" };
  const read = readRecording(bytes, { promptName: prompt.name });
  if (!read.ok) return { kind: "unreadable" };
  const otherModel = read.asked !== null && model !== null && read.asked.model !== model;
  return read.version !== prompt.version || otherModel ? { kind: "out_of_date", asked: read.asked } : { kind: "current", asked: read.asked };
}

/**
 * The values a recording that remembers `asked` is asked with again; null when it remembers
 * neither a fixture nor values any `jadpo dev` call still has (digested under `key`: one made under
 * another key, or unkeyed, has none). `lastCall` lets the prompt's last call stand in then (one
 * recording named with `--as`), else null is the answer (`--stale`).
 */
export async function reaskValues(
  program: CheckedProgram, root: string, prompt: PromptInfo, asked: Asked | null, lastCall: boolean, key: () => RecordingKey,
): Promise<ValuesResult | null> {
  if (asked?.fixture !== undefined) return valuesFromFixture(program, prompt, asked.fixture);
  const same = asked === null ? null : valuesFromSameValuesCall(program, root, prompt, asked, key());
  if (same !== null) return same;
  return lastCall ? valuesFromDevLog(program, root, prompt) : null;
}

/** Why a recording can't be asked again with `--stale`: the `{why}` of `ai.cannot_reask`. */
export function cannotReaskWhy(asked: Asked | null): string {
  return asked === null
    ? "it doesn't say what it was asked (it has no `asked`)"
    : "it was recorded without a fixture and no `jadpo dev` call in the log has its values";
}
