// Whether to colour, and the paint to colour with. Decided here, once: `--color always|never`
// wins; then NO_COLOR (any non-empty value) turns colour off; then FORCE_COLOR (`0`/`false` off,
// anything else on); otherwise colour only on a TTY that is not `TERM=dumb`. The paint itself is
// ansi-paint.ts's.
import type { Paint } from "@jadpo/compiler";
import { noPaint } from "./toolchain.ts";
import { ansiPaint } from "./ansi-paint.ts";
import type { CliContext, Output } from "./context.ts";

export const colorModes = ["auto", "always", "never"] as const;
export type ColorMode = (typeof colorModes)[number];

export function colorEnabled(mode: ColorMode, env: CliContext["env"], isTTY: boolean): boolean {
  if (mode === "always") return true;
  if (mode === "never") return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return isTTY && env.TERM !== "dumb";
}

export interface Terminal {
  /** Whether the output is a terminal (pretty output and wrapping by default). */
  isTTY: boolean;
  color: boolean;
  /** Width to wrap to on a TTY; null never wraps. */
  width: number | null;
  paint: Paint;
}

/** How to write to `output`, given `--color` and the environment. */
export function terminalFor(output: Output, env: CliContext["env"], mode: ColorMode = "auto"): Terminal {
  const color = colorEnabled(mode, env, output.isTTY);
  return { isTTY: output.isTTY, color, width: output.isTTY ? output.columns : null, paint: color ? ansiPaint : noPaint };
}
