// What a test run's command line is read into, without the runtime: `--seeds A..B`, `--shard i/n`
// and `file:line`; and the clock a run is timed with. Pure, no state, so a CLI can check its flags
// (and show a run kept from an identical earlier one) before it loads the runtime itself.
export { parseSeedRange, seedCount, MAX_SEEDS, type SeedRange } from "./runner/seeds.ts";
export { parseShard, type Shard } from "./runner/shard.ts";
export { splitLineSuffix, type Selector } from "./runner/select.ts";
export { nowMs } from "./clock.ts";
