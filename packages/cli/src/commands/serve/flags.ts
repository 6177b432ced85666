// The flags of `jadpo serve`, which a build's `server.mjs` takes too: one list for both.
import type { Command } from "commander";
import { flag } from "../../options.ts";

export function addServeFlags(command: Command): Command {
  for (const name of ["servePort", "host", "noAuth", "concurrency", "maxBody", "requestTimeout", "drain", "serveWorkers"] as const) {
    command.addOption(flag(name));
  }
  return command;
}
