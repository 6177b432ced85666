// The sandbox's daily budget (`.jadpo/dev/usage.json`): exact under concurrent reservations,
// per connection, reset on a new UTC day, and forgiving of a damaged file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageCounter, utcDay } from "../../src/dev-backend/usage.ts";

const roots: string[] = [];
function root(): string {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-usage-"));
  roots.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NOV_30 = Date.UTC(2026, 10, 30, 23, 59, 0);
const DEC_1 = Date.UTC(2026, 11, 1, 0, 0, 1);

describe("UsageCounter", () => {
  it("grants exactly per_day of 100 concurrent reservations, from two counters on one project", async () => {
    const dir = root();
    const a = new UsageCounter(dir, { now: () => NOV_30 });
    const b = new UsageCounter(dir, { now: () => NOV_30 });
    const grants = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? a : b).reserve("local_model", 3)));
    expect(grants.filter((g) => g.granted)).toHaveLength(3);
    expect(grants.filter((g) => !g.granted).every((g) => g.used === 3 && g.limit === 3 && g.day === "2026-11-30")).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, ".jadpo/dev/usage.json"), "utf8"))).toEqual({
      connections: { local_model: { day: "2026-11-30", requests: 3 } },
    });
    expect(a.today("local_model")).toBe(3);
  });

  it("counts each connection apart and starts again on a new UTC day", async () => {
    const dir = root();
    let now = NOV_30;
    const counter = new UsageCounter(dir, { now: () => now });
    expect((await counter.reserve("local_model", 1)).granted).toBe(true);
    expect((await counter.reserve("local_model", 1)).granted).toBe(false);
    expect((await counter.reserve("other", 1)).granted).toBe(true);
    now = DEC_1;
    expect(counter.today("local_model")).toBe(0);
    expect(await counter.reserve("local_model", 1)).toEqual({ granted: true, used: 1, limit: 1, day: "2026-12-01" });
  });

  it("reads a damaged file as nothing counted, and repairs it", async () => {
    const dir = root();
    mkdirSync(join(dir, ".jadpo/dev"), { recursive: true });
    writeFileSync(join(dir, ".jadpo/dev/usage.json"), "{ half a fi");
    const counter = new UsageCounter(dir, { now: () => NOV_30 });
    expect(counter.today("local_model")).toBe(0);
    expect((await counter.reserve("local_model", 2)).used).toBe(1);
    expect(counter.today("local_model")).toBe(1);
  });

  it("takes back a request that never reached the model, and never goes below nothing", async () => {
    const dir = root();
    const counter = new UsageCounter(dir, { now: () => NOV_30 });
    const first = await counter.reserve("local_model", 2);
    await counter.reserve("local_model", 2);
    expect((await counter.reserve("local_model", 2)).granted).toBe(false);
    await counter.refund("local_model", first.day);
    expect(counter.today("local_model")).toBe(1);
    expect((await counter.reserve("local_model", 2)).granted).toBe(true);
    await counter.refund("local_model", first.day);
    await counter.refund("local_model", first.day);
    await counter.refund("local_model", first.day);
    expect(counter.today("local_model")).toBe(0);
  });

  it("names the UTC day of an instant", () => {
    expect(utcDay(NOV_30)).toBe("2026-11-30");
    expect(utcDay(DEC_1)).toBe("2026-12-01");
  });
});
