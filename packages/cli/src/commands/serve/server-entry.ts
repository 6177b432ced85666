// A build's `server.mjs` (docs/production.md): the `app.mjs` beside it served exactly as `jadpo
// serve` serves a project — the same flags, environment, logs and metrics — with nothing but Node:
// `node build/server.mjs --port 8080`. `jadpo build` writes this module bundled whole.
import { PRODUCTION_APP, type JadpoApp, type ProductionApp } from "@jadpo/runtime/app";
import { processContext, type CliContext } from "../../context.ts";
import { JadpoCommand, commanderUsage, reportUsage, OptionValueError } from "../../usage.ts";
import { addServeFlags } from "./flags.ts";
import { appOrMissingSetting, startServing, type ServeOptions } from "./start.ts";
import { untilSignalled } from "./stop-signals.ts";
import type { CommanderError } from "commander";

/** The app of the `app.mjs` beside this module, or null once its problem is printed. */
async function loadBuiltApp(context: CliContext): Promise<ProductionApp | null> {
  const { createApp } = (await import(new URL("./app.mjs", import.meta.url).href)) as { createApp: (options: { env: CliContext["env"] }) => JadpoApp };
  return appOrMissingSetting(() => createApp({ env: context.env })[PRODUCTION_APP], context);
}

async function main(argv: string[]): Promise<number> {
  const context = processContext();
  const command = new JadpoCommand("node server.mjs").description("serve the build's app over HTTP").helpOption("-h, --help", "print this help");
  addServeFlags(command).exitOverride().configureOutput({ writeOut: (t) => context.stdout.write(t), writeErr: () => {}, outputError: () => {} });
  let options: ServeOptions;
  try {
    command.parse(argv, { from: "user" });
    options = command.opts<ServeOptions>();
  } catch (error) {
    if (error instanceof OptionValueError) reportUsage(context, error.diagnostic);
    else if ((error as CommanderError).code === "commander.helpDisplayed") return 0;
    else reportUsage(context, commanderUsage(error as CommanderError, command));
    return context.exitCode;
  }
  await untilSignalled(context, (stop) => startServing(options, context, () => loadBuiltApp(context), stop));
  return context.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
