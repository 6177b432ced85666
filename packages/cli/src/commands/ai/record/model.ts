// The ai connection's model, as `jadpo ai record` asks it (docs/cli-ai.md): its settings read from
// the environment now, checked before any request. The key is used only by the driver and removed
// from every message shown.
import { diagnostic, type CheckedProgram, type Diagnostic } from "@jadpo/compiler";
import { createOpenAiDriver, driverOptionsFromConnection, redact, type AiDriver } from "@jadpo/runtime/drivers";

export interface Model {
  driver: AiDriver;
  /** The model's name as the connection gives it (the `asked` line). */
  model: string;
  connection: string;
  /** The base URL with any credentials removed, for messages. */
  shownUrl: string;
  /** Only ever used to remove the key from text before it is shown. */
  key: string | null;
}

export type ModelResult = { ok: true; model: Model } | { ok: false; diagnostic: Diagnostic };

/** The ai connection's driver, its settings read from `env` now (docs/language.md). */
export function connectModel(program: CheckedProgram, env: Readonly<Record<string, string | undefined>>): ModelResult {
  const connection = program.connection;
  if (connection === null) return { ok: false, diagnostic: diagnostic("ai.no_connection", null) };
  const settings = driverOptionsFromConnection(connection, env as NodeJS.ProcessEnv);
  if (!settings.ok) {
    if (settings.setting === "key") {
      return { ok: false, diagnostic: diagnostic("ai.key_missing", null, { connection: connection.name, variable: settings.env ?? "key" }) };
    }
    if (settings.setting === "base_url") {
      const d = diagnostic("ai.unreachable", null, { url: `\`env("${settings.env}")\`` });
      d.details = [{ label: "note", text: `\`base_url\` of \`${connection.name}\` reads \`${settings.env}\`, which is not set` }];
      return { ok: false, diagnostic: d };
    }
    const why = settings.env === null ? `\`${connection.name}\` names no \`model\`` : `\`model\` of \`${connection.name}\` reads \`${settings.env}\`, which is not set`;
    return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error: why }) };
  }
  const { options } = settings;
  // Settings no request could be made with, said before asking (the key itself is never shown).
  if (!URL.canParse(options.baseUrl)) {
    return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error: `\`base_url\` of \`${connection.name}\` is not a URL: \`${redact(options.baseUrl, options.apiKey)}\` (write it as http://host:port/v1)` }) };
  }
  if (options.apiKey !== null && !/^[\x21-\x7e]*$/.test(options.apiKey)) {
    return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error: `the key of \`${connection.name}\` has characters an HTTP header can't carry (spaces, or letters beyond ASCII)` }) };
  }
  return {
    ok: true,
    model: {
      driver: createOpenAiDriver(options),
      model: options.model,
      connection: connection.name,
      shownUrl: redact(options.baseUrl, options.apiKey),
      key: options.apiKey,
    },
  };
}
