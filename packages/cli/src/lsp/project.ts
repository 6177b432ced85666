// One project open in the editor: its root, the open buffers over the disk, the parses kept
// between compiles, and the last compile (with every fact kept, for hover and definition).
// Compiling is synchronous, so every request sees the buffers as they are now.
import {
  compileProject, overlayHost, ParseCache, sortDiagnostics, sourceLookup, joinPath,
  type CheckedProgram, type CompileResult, type Diagnostic, type Host, type LoadedFile, type SourceFile,
} from "@jadpo/compiler";
import { undecodableRecordings } from "../recording-diagnostics.ts";

export interface Compiled {
  result: CompileResult;
  /**
   * The checked program, or while a file doesn't parse (as while typing) the last one that
   * did: completion still knows the prompts, recordings and locales.
   */
  program: CheckedProgram | null;
  source: (file: string) => SourceFile | undefined;
  /** Every diagnostic: the compile's, then undecodable recordings (only on a clean compile). */
  diagnostics: Diagnostic[];
  /** How long the compile took, in ms, and the files it parsed (the rest were kept): for measurements. */
  ms: number;
  parsed: string[];
}

export class EditorProject {
  private readonly parses = new ParseCache();
  private compiled: Compiled | null = null;
  private lastProgram: CheckedProgram | null = null;

  constructor(
    /** Absolute, with `/`. */
    readonly root: string,
    private readonly disk: Host,
    /** The open buffers of the whole editor (absolute path → bytes); only this project's are read. */
    private readonly buffers: () => ReadonlyMap<string, Uint8Array>,
  ) {}

  /** Forget the last compile: a buffer or a file on disk changed. */
  invalidate(): void {
    this.compiled = null;
  }

  host(): Host {
    return overlayHost(this.disk, this.buffers());
  }

  /** The project as it is now, compiled again only when something changed since. */
  current(): Compiled {
    if (this.compiled) return this.compiled;
    const started = performance.now();
    const result = compileProject(this.host(), this.root, { toRun: false, keepFacts: true, parses: this.parses });
    this.lastProgram = result.program ?? this.lastProgram;
    this.compiled = { result, program: this.lastProgram, source: sourceLookup(result.graph), diagnostics: result.diagnostics, ms: performance.now() - started, parsed: [...this.parses.parsedLastTime] };
    return this.compiled;
  }

  /** Adds undecodable recordings to a compile's diagnostics: what `jadpo check` would report. */
  async addRecordings(compiled: Compiled): Promise<void> {
    const host = this.host();
    const recordings = await undecodableRecordings(compiled.result, (path) => host.readFile(joinPath(this.root, path)));
    if (recordings.length > 0) compiled.diagnostics = sortDiagnostics([...compiled.result.diagnostics, ...recordings]);
  }

  /** Whether nothing changed since this compile. */
  isCurrent(compiled: Compiled): boolean {
    return this.compiled === compiled;
  }

  /** Root-relative path of an absolute one inside the project, or null. */
  relative(path: string): string | null {
    const prefix = this.root.endsWith("/") ? this.root : `${this.root}/`;
    return path.startsWith(prefix) ? path.slice(prefix.length) : null;
  }

  absolute(file: string): string {
    return joinPath(this.root, file);
  }

  /** A file of the current compile, by root-relative path. */
  file(path: string): LoadedFile | undefined {
    return this.current().result.graph.files.find((f) => f.path === path);
  }
}
