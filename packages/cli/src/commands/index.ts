// Every command, registered on the program in the order `jadpo --help` lists them.
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { registerCheck } from "./check.ts";
import { registerTest } from "./test.ts";
import { registerAi } from "./ai.ts";
import { registerDev } from "./dev.ts";
import { registerInit } from "./init/index.ts";

export function registerCommands(program: Command, context: CliContext): void {
  registerCheck(program, context);
  registerTest(program, context);
  registerAi(program, context);
  registerDev(program, context);
  registerInit(program, context);
}
