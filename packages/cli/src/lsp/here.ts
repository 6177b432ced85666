// Where a request is: the project, the check it is answered from, the file as that check read it
// and as the editor holds it now (they differ while a check is pending), and the cursor in each.
import type { LoadedFile, SourceFile } from "@jadpo/compiler";
import type { Compiled, EditorProject } from "./project.ts";

export interface Here {
  project: EditorProject;
  compiled: Compiled;
  /** The file as the check read it: its syntax and facts. */
  file: LoadedFile;
  /** The buffer's text now (what completion and signature help read). */
  live: SourceFile;
  uri: string;
  /** The cursor in the checked text, and in the live one. */
  offset: number;
  liveOffset: number;
}
