// The connection's settings, read from the environment a built app is given when it is created
// (docs/production.md): a deployment without its key fails at start, naming the variable (never a
// value), instead of at its first call.
import type { ConnectionInfo } from "@jadpo/compiler";
import { driverOptionsFromConnection } from "../drivers/config.ts";
import type { OpenAiDriverOptions } from "../drivers/openai-compatible.ts";
import { JadpoFault } from "./errors.ts";

export type Env = Readonly<Record<string, string | undefined>>;

/** Why settings can't be read: the connection, and the variable the environment lacks (null: the setting is absent). */
export interface MissingSetting {
  connection: string;
  setting: string;
  variable: string | null;
}

/** The driver's options for the app's ai connection (null without one); a setting that can't be read throws JadpoFault. */
export function connectionSettings(connection: ConnectionInfo | null, env: Env): OpenAiDriverOptions | null {
  if (connection === null) return null;
  const settings = driverOptionsFromConnection(connection, env as NodeJS.ProcessEnv);
  if (!settings.ok) {
    const missing: MissingSetting = { connection: connection.name, setting: settings.setting, variable: settings.env };
    throw new MissingSettingFault(missing);
  }
  if (connection.driver !== "openai_compatible") {
    throw new JadpoFault(`The connection \`${connection.name}\`'s driver \`${connection.driver}\` is not one jadpo can run`);
  }
  return settings.options;
}

/** A JadpoFault that says which variable is missing, so `jadpo serve` can report it as its rule. */
export class MissingSettingFault extends JadpoFault {
  constructor(readonly missing: MissingSetting) {
    super(missing.variable === null
      ? `The connection \`${missing.connection}\` has no \`${missing.setting}\``
      : `\`${missing.variable}\` is not set: the connection \`${missing.connection}\` reads its ${missing.setting} from it`);
  }
}
