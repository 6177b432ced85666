// The one clock (src/clock.ts): its zero is the process's start, so the CLI's "loaded after" and
// every duration or deadline read it alike.
import { describe, expect, it } from "vitest";
import { nowMs } from "../src/clock.ts";
import { nowMs as runOptionsClock } from "../src/run-options.ts";

describe("the clock", () => {
  it("reads milliseconds since the process started, never going back", () => {
    const before = process.uptime() * 1000;
    const first = nowMs();
    const second = nowMs();
    const after = process.uptime() * 1000;
    expect([before <= first, first <= second, second <= after]).toEqual([true, true, true]);
  });

  it("is the clock the CLI reads before it loads the runtime", () => {
    expect(runOptionsClock).toBe(nowMs);
  });
});
