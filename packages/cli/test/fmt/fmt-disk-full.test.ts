// `jadpo fmt` on a disk that fills up (the command runs in this process): a 1 MB tmpfs with room
// for exactly so many new files. The files being formatted have a second link each, so replacing
// one frees no space and each write takes one more page. The first write that doesn't fit is one
// `cli.disk_full` naming its file, exit 1. The writes run several at a time, so which of them got
// the last pages may vary; what doesn't: exactly as many files are written as there was room
// for, each listed (in order) and formatted, every other file left as it was, no temporary file
// left. Mounting needs root: where it is refused, the test is skipped.
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskFullText } from "../hardening/disk-full-text.ts";
import { fillDisk, mountSmallDisk, removeSmallDisk, type SmallDisk } from "../hardening/small-disk.ts";
import { runJadpoHere } from "../support/jadpo.ts";
import { lines } from "../check/harness.ts";

const MESSY = "type  Tone=Enum{calm,cross}\nfunction f(t:Tone)->Int{return 1}\n";
const TIDY = lines("type Tone = Enum { calm  cross }", "", "function f(t: Tone) -> Int {", "    return 1", "}");
/** tmpfs hands out space a page at a time: each formatted file (well under a page) takes one. */
const PAGE = 4096;
const FILES = 24;

let small: SmallDisk;
let disk = "";

/** The messy files of a project, in the order `jadpo fmt` takes them. */
const messyPaths = () => Array.from({ length: FILES }, (_, i) => `domains/d${String(i).padStart(2, "0")}/a.jadpo`);

/** A project of FILES messy files, each also linked from `links/`. */
function messyProject(name: string): void {
  const root = join(disk, name);
  mkdirSync(join(root, "links"), { recursive: true });
  writeFileSync(join(root, "app.jadpo"), "locales { default: \"en-GB\" }\n");
  for (const [i, path] of messyPaths().entries()) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), MESSY);
    linkSync(join(root, path), join(root, "links", `${i}.jadpo`));
  }
}

/** Every file below `dir`, relative, with `/`. */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** Pages of room at the run. */
const ROOM = 10;

beforeAll(() => {
  small = mountSmallDisk("jadpo-fmt-full-", "1m");
  disk = small.dir;
  if (!small.mounted) return;
  messyProject("project");
  // Room set aside now and given back at the run: exactly that many pages free then.
  writeFileSync(join(disk, "reserve"), Buffer.alloc(ROOM * PAGE, 1));
  fillDisk(small);
});

afterAll(() => removeSmallDisk(small));

describe("jadpo fmt on a disk that fills up", () => {
  it("is cli.disk_full naming the first write that didn't fit; as many files written as there was room for, each listed", async (ctx) => {
    if (!small.mounted) return ctx.skip();
    const root = join(disk, "project");
    const paths = messyPaths();
    rmSync(join(disk, "reserve"));
    const run = await runJadpoHere(["fmt"], { cwd: root });
    expect(run.code).toBe(1);
    const listed = run.stdout.split("\n").slice(0, -1);
    expect(listed).toHaveLength(ROOM);
    // In order, each once; app.jadpo is formatted already: only the domains' files are written.
    expect(listed).toEqual(paths.filter((path) => listed.includes(path)));
    const failed = /^error: The disk is full: `([^`]+)` can't be written$/m.exec(run.stderr)?.[1];
    expect(run.stderr).toBe(diskFullText(failed!, "ENOSPC", "run `jadpo fmt` again"));
    expect(listed).not.toContain(failed);
    for (const path of paths) expect(readFileSync(join(root, path), "utf8")).toBe(listed.includes(path) ? TIDY : MESSY);
    expect(allFiles(root).filter((path) => path.endsWith(".tmp"))).toEqual([]);
  });
});
