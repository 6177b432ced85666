// The text of `cli.disk_full` as the terminal shows it, written once for the tests of both kinds of
// full disk (a real one, and one injected into `node:fs`).

/** The diagnostic naming `file` (null: the system named none), for `code`, ending with `then`. */
export function diskFullText(file: string | null, code = "ENOSPC", then = "run the command again"): string {
  return [
    file === null ? "error: The disk is full: jadpo couldn't write a file it needed" : `error: The disk is full: \`${file}\` can't be written`,
    `  reason: The disk holding it has no space left, or your quota on it is used up (${code}).`,
    `  next: Free space on ${file === null ? "the disk holding the project" : "that disk"} (or raise your quota), then ${then} (human)`,
    "  rule: cli.disk_full",
    "",
  ].join("\n");
}
