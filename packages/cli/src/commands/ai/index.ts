// `jadpo ai record <prompt> --as <name> [--fixture group.fixture] [--force]`,
// `jadpo ai record [<prompt>] --stale` and `jadpo ai show <prompt> [--render [--fixture f]]`
// (docs/cli-ai.md). The work is in record/ and show/, loaded only when a command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { AiRecordOptions } from "./record/run.ts";
import type { AiShowOptions } from "./show/run.ts";

export function registerAi(program: Command, context: CliContext): void {
  const ai = program
    .command("ai")
    .description("record a model's answer to a prompt, or show a prompt");
  ai.helpCommand(false);

  ai.command("record")
    .description("ask the ai connection's model once, as the prompt's first `ai.generate` call asks, and keep its answer as a recording")
    .argument("[prompt]", "the prompt to record an answer of (with --stale: every prompt when left out)")
    // Required unless `--stale`: record/run.ts says so when it is missing.
    .addOption(flag("as").makeOptionMandatory(false))
    .addOption(flag("fixture"))
    .addOption(flag("force"))
    .addOption(flag("stale"))
    .action(async (prompt: string | undefined, _options: unknown, command: Command) => {
      const { runAiRecord } = await import("./record/run.ts");
      await runAiRecord(prompt, command.optsWithGlobals<AiRecordOptions>(), context);
    });

  ai.command("show")
    .description("print a prompt's version, parameters, the types it is asked for as, its calls and its recordings; with --render, what a model is sent")
    .argument("<prompt>", "the prompt to show")
    .addOption(flag("render"))
    .addOption(flag("renderFixture"))
    .action(async (prompt: string, _options: unknown, command: Command) => {
      const { runAiShow } = await import("./show/run.ts");
      await runAiShow(prompt, command.optsWithGlobals<AiShowOptions>(), context);
    });
}
