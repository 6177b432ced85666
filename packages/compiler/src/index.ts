// The compiler's public API: what the runtime and the CLI use. Nothing here touches files;
// callers pass a Host.

// Data between phases.
export type * from "./syntax/ast.ts";
export type * from "./types/types.ts";
export { BOOL, INT, DECIMAL, TEXT, INSTANT, DURATION, ERROR, VOID, NONE } from "./types/types.ts";
export type * from "./modules/graph.ts";
export { declName } from "./modules/graph.ts";
export type * from "./check/program.ts";
export { LINKED_FOLDER, SKIPPED_FOLDER, slashPath, type Host } from "./host.ts";
export { SourceFile } from "./source/source-file.ts";
export { decodeSource } from "./source/decode.ts";
export { fileStart } from "./source/span.ts";
export { cutCodePoints } from "./diagnostics/shorten.ts";

// Diagnostics: the one catalogue, the one constructor, the renderers.
export { diagnostic } from "./diagnostics/diagnostic.ts";
export type { ArgsOf, Diagnostic, DiagnosticArgs, Detail, DetailLabel, Edit, Fix, Owner, RuleEntry } from "./diagnostics/diagnostic.ts";
export { catalogue, ruleIds, type RuleId } from "./diagnostics/catalogue/index.ts";
export { renderErrorPlain, renderFailPlain, bodyLines, location, identityPaths, type RenderOptions } from "./diagnostics/render-plain.ts";
export { renderErrorPretty, renderFailPretty, codeFrame, noPaint, type Paint, type PrettyOptions } from "./diagnostics/render-pretty.ts";
export { renderCheckJson, diagnosticToJson, type JsonDiagnostic, type JsonEdit, type JsonFix, type JsonOptions, type CheckReport } from "./diagnostics/render-json.ts";

// Phases.
export { parseFile, checkSize } from "./syntax/parse-file.ts";
export { formatSource, type FormatResult } from "./format/index.ts";
export { findProjectRoot, discoverFiles, moduleNames, fileKind, APP_FILE, type DiscoveredFile, type ProjectFiles } from "./modules/load.ts";
export { resolveModules, type ResolveOptions, type ResolveResult } from "./modules/resolve.ts";
export { limitDiagnostics, omittedLine, MAX_PER_FILE, MAX_PER_RUN, type Limited } from "./diagnostics/limit.ts";
export { compileProject, compileSteps, sortDiagnostics, sourceLookup, type CompileOptions, type CompileResult, type CompileStats } from "./pipeline.ts";
export { runSteps, type Steps } from "./steps.ts";
export { HEAP_PER_SOURCE_BYTE, sourceBudget, type MemoryBudget } from "./memory-budget.ts";

// What an editor needs (`jadpo lsp`): open buffers over the disk, parses kept between compiles,
// the nodes at a cursor, the name table (declarations and their uses), and where an unimported
// name is declared.
export { overlayHost, type Overlays } from "./workspace/overlay-host.ts";
export { ParseCache } from "./workspace/parse-cache.ts";
export { EditorCheck, type EditorCheckStats } from "./workspace/editor-check.ts";
export { nodesAt, type NodeStep } from "./workspace/node-at.ts";
export { nameIndex, symbolKey, type NameIndex, type NameKind, type NameSymbol, type Occurrence } from "./workspace/name-index.ts";
export { ownerField, ownerFields, typeOwner, type TypeOwner } from "./workspace/type-owner.ts";
export { allFacts, factsAround } from "./workspace/body-facts.ts";
export { indexDeclarations, moduleDeclaring, type DeclarationIndex } from "./names/declared-in.ts";
export { valuesTypeName } from "./names/namespace.ts";
export { joinPath } from "./modules/load.ts";

// The language's word lists and limits, each defined once.
export {
  AI_FAILURE_WORDS, STOP_WORDS, FAILURE_KINDS, FAKE_ITEM_KINDS, MAX_FILE_BYTES, THE_ANSWER, TRANSPORT_FAILURE_WORDS, isAiFailureWord,
  recordingFolder, recordingPath,
  type AiFailureWord, type FakeItemKind, type StopWord, type ReadProjectFile, type TransportFailureWord,
} from "./vocabulary.ts";
export { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from "./check/connection.ts";

// Names.
export { closest, didYouMean, editDistance } from "./names/suggest.ts";
export { toUpperCamel, toLowerSnake } from "./names/casing.ts";
export { isUpperCamel, isLowerSnake } from "./names/case-tests.ts";

// The typechecker, and the type helpers the runtime shares with it (one definition of each rule).
export { checkProgram, type CheckOptions } from "./check/check-program.ts";
export { printType } from "./types/print-type.ts";
export { assignable, sameType, scalarBase, isTextBased, scalarConstraints, listItem, listBounds, enumOf, objectOf } from "./types/assignable.ts";
export { codePointLength, patternRegExp } from "./types/constraints.ts";
// The one validator of values against types, and each rule's one wording (checker and runtime alike).
export { decodeJson, validateJson } from "./values/validate.ts";
export { CONSTRAINT_RULES, formatProblem, formatProblemDetail, notJsonWords, type ConstraintRule, type ValueProblem, type ValueRule } from "./values/problem.ts";
export { formatDuration, formatInstant, parseDuration, parseInstant } from "./values/time-text.ts";
export { compilePattern, type PatternMatcher, type PatternCompiled } from "./types/pattern.ts";
export { parseTemplate, type TemplatePart } from "./prompts/template.ts";
export { promptVersion, spellTypeRef } from "./prompts/version.ts";
export { canonicalJson, digest8, sortedJsonIndented, type CanonicalInput } from "./prompts/digest.ts";
export { hmacSha256Hex, sha256, sha256PartsHex, sha256Uint32, uint32At } from "./hash/digest.ts";
export { keywordNames } from "./syntax/tokens.ts";
export { LIBRARY_FUNCTIONS } from "./check/library.ts";
export { GROUP_SHADOWED_NAMESPACES, NAMESPACES } from "./check/report-names.ts";
export { fixtureFits, fixturesFor, onlyFixtureFor, projectFixtures, type ProjectFixture } from "./check/fixtures-for.ts";
export { PRELUDE_TYPE_NAMES, buildPrelude } from "./check/prelude.ts";
export * from "./cache/index.ts";
export { isObject } from "./cache/entry.ts";
export { nowMs } from "./clock.ts";
