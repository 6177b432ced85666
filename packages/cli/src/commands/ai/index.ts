// `jadpo ai record <prompt> --as <name> [--fixture group.fixture] [--force]` and
// `jadpo ai show <prompt>` (SPEC 11, docs/cli-ai.md). The work is in ai-record/ and ai-show/,
// loaded only when a command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import type { ColorMode } from "../terminal.ts";
import { flag } from "../options.ts";

export interface AiRecordOptions {
  /** Required; checked by the command so a missing one is said in Jadpo's words. */
  as?: string;
  fixture?: string;
  force?: boolean;
  color: ColorMode;
}

export interface AiShowOptions {
  color: ColorMode;
}

export function registerAi(program: Command, context: CliContext): void {
  const ai = program
    .command("ai")
    .description("record a model's answer to a prompt, or show a prompt");
  ai.helpCommand(false);

  ai.command("record")
    .description("ask the ai connection's model once, as the prompt's first `ai.generate` call asks, and keep its answer as a recording")
    .argument("<prompt>", "the prompt to record an answer of")
    .addOption(flag("as"))
    .addOption(flag("fixture"))
    .addOption(flag("force"))
    .action(async (prompt: string, _options: unknown, command: Command) => {
      const { runAiRecord } = await import("../ai-record/run.ts");
      await runAiRecord(prompt, command.optsWithGlobals<AiRecordOptions>(), context);
    });

  ai.command("show")
    .description("print a prompt's version, parameters, the types it is asked for as, its calls and its recordings")
    .argument("<prompt>", "the prompt to show")
    .action(async (prompt: string, _options: unknown, command: Command) => {
      const { runAiShow } = await import("../ai-show/run.ts");
      runAiShow(prompt, command.optsWithGlobals<AiShowOptions>(), context);
    });
}
