// The options of `jadpo ai record` (docs/cli-ai.md), shared by one recording and `--stale`.
import type { ColorMode } from "../../../terminal.ts";

export interface AiRecordOptions {
  /** Required unless `--stale`. */
  as?: string;
  fixture?: string;
  force?: boolean;
  stale?: boolean;
  color: ColorMode;
}
