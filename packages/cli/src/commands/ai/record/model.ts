// Asking the ai connection's model for one answer, as a real `ai.generate` call asks (docs/language.md):
// one attempt, and when its answer doesn't decode, exactly one correction. The key is read from
// the environment here, used only by the driver, and removed from every message shown.
import { diagnostic, printType, type CheckedProgram, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import { decodeAnswer, formatDecodeErrorDetail, type DecodeError, type Value } from "@jadpo/runtime";
import {
  completionRequestFor, createOpenAiDriver, driverOptionsFromConnection, redact, type AiDriver, type DriverFailure,
} from "@jadpo/runtime/drivers";

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

export type AskResult = { ok: true; value: Value; attempts: number } | { ok: false; diagnostic: Diagnostic };

/** A driver failure as the command's error: no server → `ai.unreachable`; anything else the model said → `ai.model_error`. */
function failed(model: Model, f: DriverFailure): AskResult {
  const message = redact(f.message, model.key);
  if (f.failure === "unreachable") {
    const d = diagnostic("ai.unreachable", null, { url: model.shownUrl });
    // The driver says `could not reach <url>: ECONNREFUSED`; the summary already names the URL.
    const prefix = `could not reach ${model.shownUrl}: `;
    d.details = [{ label: "note", text: message.startsWith(prefix) ? `the connection failed: ${message.slice(prefix.length)}` : message }];
    return { ok: false, diagnostic: d };
  }
  return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error: message }) };
}

function undecodable(model: Model, asType: Type, error: DecodeError): AskResult {
  const d = diagnostic("ai.answer_undecodable", null, { type: printType(asType) });
  d.details = [
    { label: "decode", text: redact(formatDecodeErrorDetail(error), model.key) },
    { label: "note", text: "it was asked once more with the decode error, as a call corrects an answer, and that answer didn't decode either" },
  ];
  return { ok: false, diagnostic: d };
}

/** One ask, plus at most one correction; the decoded answer or why there is none. */
export async function askOnce(model: Model, prompt: PromptInfo, values: Value, asType: Type): Promise<AskResult> {
  const first = await model.driver.complete(completionRequestFor(prompt, values, asType));
  if (!first.ok) return failed(model, first);
  const decoded = decodeAnswer(asType, first.value);
  if (decoded.ok) return { ok: true, value: decoded.value, attempts: 1 };
  const correction = { answer: first.value, error: decoded.error };
  const second = await model.driver.complete(completionRequestFor(prompt, values, asType, correction));
  if (!second.ok) return failed(model, second);
  const corrected = decodeAnswer(asType, second.value);
  if (corrected.ok) return { ok: true, value: corrected.value, attempts: 2 };
  return undecodable(model, asType, corrected.error);
}
