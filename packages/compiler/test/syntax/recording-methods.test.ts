// The parser ends chevrotain's grammar recording by restoring the methods it shadowed rather than
// deleting them (src/syntax/recording-methods.ts): the names must be exactly chevrotain's.
import { describe, expect, it } from "vitest";
import { JadpoParser } from "../../src/syntax/parser.ts";
import { recordedNames } from "../../src/syntax/recording-methods.ts";

type Recorder = Record<string, unknown> & { enableRecording(): void; disableRecording(): void; RECORDING_PHASE: boolean };

describe("the end of grammar recording", () => {
  it("restores every name chevrotain's recording shadows, and no other", () => {
    const parser = new JadpoParser() as unknown as Recorder;
    const before = new Map(Object.getOwnPropertyNames(parser).map((name) => [name, parser[name]]));
    parser.enableRecording();
    const shadowed = Object.getOwnPropertyNames(parser).filter((name) => typeof parser[name] === "function" && parser[name] !== before.get(name));
    expect(new Set(shadowed)).toEqual(new Set(recordedNames()));
    parser.disableRecording();
    expect(parser.RECORDING_PHASE).toBe(false);
    const proto = Object.getPrototypeOf(parser) as Record<string, unknown>;
    for (const name of recordedNames()) expect(parser[name], name).toBe(proto[name]);
  });
});
