// The toolchain's one clock (src/clock.ts): its zero is the process's start, so the CLI's "loaded
// after" and the runtime's durations and deadlines read it alike.
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
});
