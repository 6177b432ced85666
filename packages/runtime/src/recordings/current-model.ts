// The ai connection's `model` as a recording made now would remember it: a literal as written, an
// `env("NAME", "default")` read from the environment (its default when unset). Null when the project
// has no ai connection or the model can't be read; then no recording is said to be from another model.
import type { CheckedProgram } from "@jadpo/compiler";
import { resolveConfigText } from "../drivers/config.ts";

export function currentModel(program: CheckedProgram, env: NodeJS.ProcessEnv = process.env): string | null {
  const connection = program.connection;
  if (connection === null || connection.model === null) return null;
  const model = resolveConfigText(connection.model, env);
  return typeof model === "string" ? model : null;
}
