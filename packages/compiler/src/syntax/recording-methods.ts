// The end of chevrotain's grammar recording, without its `delete`s. While recording, chevrotain
// shadows the parser's DSL methods (CONSUME, OR, MANY…, LA, ACTION) with own properties, and
// `disableRecording` deletes them; deleting properties of an object V8 also uses as a prototype
// (chevrotain's `toFastProperties`) costs ≈ 2.5 ms of every start and leaves the parser in
// dictionary mode, which slows building the lookahead functions next (≈ 1.5 ms). Setting each
// property to the method it shadowed gives the same parser: every name resolves to the same function.

/** The names chevrotain's `enableRecording` (chevrotain 11.2.0, gast_recorder.js) shadows. */
export function recordedNames(): string[] {
  const names = ["consume", "subrule", "option", "or", "many", "atLeastOne", "ACTION", "BACKTRACK", "LA"];
  for (let i = 0; i < 10; i++) {
    const n = i > 0 ? i : "";
    names.push(`CONSUME${n}`, `SUBRULE${n}`, `OPTION${n}`, `OR${n}`, `MANY${n}`, `MANY_SEP${n}`, `AT_LEAST_ONE${n}`, `AT_LEAST_ONE_SEP${n}`);
  }
  return names;
}

/** Undoes the recording's shadowing of `parser`'s methods (what `disableRecording` does, see above). */
export function stopRecording(parser: { RECORDING_PHASE: boolean }): void {
  parser.RECORDING_PHASE = false;
  const target = parser as unknown as Record<string, unknown>;
  const proto = Object.getPrototypeOf(parser) as Record<string, unknown>;
  for (const name of recordedNames()) {
    if (name in proto) target[name] = proto[name];
    else delete target[name];
  }
}
