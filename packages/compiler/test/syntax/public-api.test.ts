// The chevrotain grammar is written in chevrotain's public API only, so a new chevrotain release
// can't change it unseen: it overrides no method of chevrotain's, and every `this.x` its files
// read is either the grammar's own or a member chevrotain's typings declare (no engine state such
// as the token vector or the rule stack).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { EmbeddedActionsParser } from "chevrotain";
import { describe, expect, it } from "vitest";
import { JadpoParser } from "../../src/syntax/parser.ts";
import * as T from "../../src/syntax/tokens.ts";
import { repoRoot } from "./helpers.ts";

const syntaxDir = join(repoRoot, "packages/compiler/src/syntax");
const grammarFiles = readdirSync(syntaxDir).filter((name) => /^parser.*\.ts$/.test(name));

/** Member names of the classes `BaseParser` and `EmbeddedActionsParser` in chevrotain's typings. */
function publicMembers(): Set<string> {
  // The typings are chevrotain's dependency @chevrotain/types, installed beside it.
  let dir = createRequire(join(repoRoot, "packages/compiler/package.json")).resolve("chevrotain");
  while (basename(dir) !== "chevrotain") dir = dirname(dir);
  const api = readFileSync(join(dirname(dir), "@chevrotain/types/api.d.ts"), "utf8");
  const names = new Set<string>();
  for (const header of ["declare abstract class BaseParser {", "export declare class EmbeddedActionsParser extends BaseParser {"]) {
    const start = api.indexOf(header);
    expect(start, header).toBeGreaterThanOrEqual(0);
    const body = api.slice(start, api.indexOf("\n}", start));
    for (const m of body.matchAll(/^ {2}(?:(?:protected|public|readonly|static|get|set) )*([A-Za-z_$][\w$]*)\??\s*[(<:]/gm)) names.add(m[1]);
  }
  return names;
}

/** Every name on `proto`'s chain up to (without) `stop`. */
function chainNames(proto: object | null, stop: object | null): Set<string> {
  const names = new Set<string>();
  for (let p = proto; p !== null && p !== stop; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== "constructor") names.add(name);
  }
  return names;
}

class BareParser extends EmbeddedActionsParser {
  constructor() {
    super(T.allTokenTypes);
    this.performSelfAnalysis();
  }
}

describe("the chevrotain grammar uses chevrotain's public API only", () => {
  const chevrotainMethods = chainNames(EmbeddedActionsParser.prototype, Object.prototype);
  const ownMethods = chainNames(JadpoParser.prototype, EmbeddedActionsParser.prototype);
  const chevrotainFields = new Set(Object.getOwnPropertyNames(new BareParser()));
  const ownFields = Object.getOwnPropertyNames(new JadpoParser()).filter((name) => !chevrotainFields.has(name));

  it("overrides no method of chevrotain's", () => {
    expect([...ownMethods, ...ownFields].filter((name) => chevrotainMethods.has(name))).toEqual([]);
  });

  it("reads nothing of chevrotain's that its typings don't declare", () => {
    const known = new Set([...publicMembers(), ...ownMethods, ...ownFields]);
    const unknown: string[] = [];
    for (const file of grammarFiles) {
      const text = readFileSync(join(syntaxDir, file), "utf8");
      for (const m of text.matchAll(/\bthis\.([A-Za-z_$][\w$]*)/g)) if (!known.has(m[1])) unknown.push(`${file}: this.${m[1]}`);
    }
    expect(grammarFiles.length).toBeGreaterThanOrEqual(6);
    expect([...new Set(unknown)]).toEqual([]);
  });
});
