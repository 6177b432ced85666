// The toolchain's one clock (src/clock.ts): its zero is the process's start, so the CLI's "loaded
// after" and the runtime's durations and deadlines read it alike.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { nowMs } from "../src/clock.ts";
import { nowMs as exported } from "../src/index.ts";

describe("the clock", () => {
  it("reads milliseconds since the process started, never going back", () => {
    const before = process.uptime() * 1000;
    const first = nowMs();
    const second = nowMs();
    const after = process.uptime() * 1000;
    expect([before <= first, first <= second, second <= after]).toEqual([true, true, true]);
  });

  it("is the clock the compiler's API gives the runtime and the CLI", () => {
    expect(exported).toBe(nowMs);
  });

  it("is the only monotonic clock the packages' sources read (a wall clock, Date.now(), is for dates and file ages)", () => {
    const packages = join(import.meta.dirname, "../..");
    const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : []);
    const readers = ["compiler", "runtime", "cli"].flatMap((name) => sources(join(packages, name, "src")))
      .filter((file) => /\bperformance\.now\(|process\.hrtime|process\.uptime\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(packages, file));
    expect(readers).toEqual(["compiler/src/clock.ts"]);
  });
});
