// Every command, registered on the program in the order `jadpo --help` lists them.
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { registerCheck } from "./check/index.ts";
import { registerTest } from "./test/index.ts";
import { registerAi } from "./ai/index.ts";
import { registerDev } from "./dev/index.ts";
import { registerBuild } from "./build/index.ts";
import { registerServe } from "./serve/index.ts";
import { registerInit } from "./init/index.ts";
import { registerLsp } from "./lsp/index.ts";
import { registerFmt } from "./fmt/index.ts";

export function registerCommands(program: Command, context: CliContext): void {
  registerCheck(program, context);
  registerTest(program, context);
  registerAi(program, context);
  registerDev(program, context);
  registerBuild(program, context);
  registerServe(program, context);
  registerFmt(program, context);
  registerInit(program, context);
  registerLsp(program, context);
}
