// A small tmpfs for the tests of a real full disk: mounted in a new temporary folder, filled to its
// last byte, unmounted and removed. Mounting needs root: where it is refused, the disk is not
// mounted and the tests that need it skip.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SmallDisk {
  /** The folder the tmpfs is mounted on (an empty folder when it couldn't be). */
  dir: string;
  mounted: boolean;
}

/** A tmpfs of `size` (`3m`) on a new temporary folder named from `prefix`. */
export function mountSmallDisk(prefix: string, size: string): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return { dir, mounted: true };
  } catch {
    return { dir, mounted: false };
  }
}

/** Writes until the disk refuses: afterwards not one more byte fits. */
export function fillDisk(disk: SmallDisk): void {
  try {
    writeFileSync(join(disk.dir, "filler"), Buffer.alloc(8 * 1024 * 1024, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
}

export function removeSmallDisk(disk: SmallDisk): void {
  if (disk.mounted) execFileSync("umount", [disk.dir], { stdio: "pipe" });
  rmSync(disk.dir, { recursive: true, force: true });
}
