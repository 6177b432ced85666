// The percentage `--coverage-min` prints is the one it compares: rounded down, never to the minimum.
import { describe, expect, it } from "vitest";
import { percentBelow } from "../../src/commands/test/run.ts";

describe("percentBelow", () => {
  it("15 of 22 is 68.18, not 68.1", () => {
    expect(percentBelow(15, 22, 70)).toBe("68.18");
  });

  it("keeps as many decimals as the minimum, so it never reads as the minimum", () => {
    expect(percentBelow(15, 22, 68.185)).toBe("68.181");
    expect(percentBelow(2, 3, 66.67)).toBe("66.66");
    expect(percentBelow(1, 2, 60)).toBe("50");
  });
});
