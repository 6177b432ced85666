// `jadpo lsp`: the language server editors start (docs/editors.md). It speaks the Language
// Server Protocol on stdin/stdout until the editor says `exit`. The server is loaded only when
// this command runs, so other commands never pay for it.
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";

export function registerLsp(program: Command, context: CliContext): void {
  program
    .command("lsp")
    .description("run the language server for editors, over stdin and stdout")
    .option("--stdio", "talk over stdin and stdout (the default and only transport; accepted because editors pass it)")
    .action(async () => {
      const { runLsp } = await import("./run.ts");
      await runLsp(context);
    });
}
