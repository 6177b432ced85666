// A test run's command-line syntax (src/run-flags.ts): `--shard i/n`, `--seeds A..B`, `file:line`.
import { describe, expect, it } from "vitest";
import { MAX_SEEDS, parseSeedRange, parseShard, splitLineSuffix } from "../../src/run-flags.ts";
import { seedCount } from "../../src/toolchain.ts";

describe("the run's flags", () => {
  it("split a line suffix off an argument", () => {
    expect(splitLineSuffix("a/b.jadpotest:12")).toEqual({ path: "a/b.jadpotest", line: 12 });
    expect(splitLineSuffix("a/b.jadpotest")).toEqual({ path: "a/b.jadpotest", line: null });
    expect(splitLineSuffix(":12")).toEqual({ path: ":12", line: null });
  });

  it("read i/n and refuse anything else", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, count: 3 });
    for (const bad of ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", "1.5/2"]) expect(parseShard(bad)).toBeNull();
  });

  it("read A..B with A ≤ B and at most MAX_SEEDS seeds", () => {
    expect(parseSeedRange(" 3..5 ")).toEqual({ first: 3, last: 5 });
    expect(seedCount({ first: 3, last: 5 })).toBe(3);
    expect(parseSeedRange(`1..${MAX_SEEDS}`)).toEqual({ first: 1, last: MAX_SEEDS });
    for (const bad of ["5..3", `1..${MAX_SEEDS + 1}`, "1..", "a..b", "1.5..2", "-1..2"]) expect(parseSeedRange(bad)).toBeNull();
  });
});
