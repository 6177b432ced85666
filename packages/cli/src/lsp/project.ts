// One project open in the editor: its root, the open buffers over the disk (as last read:
// disk-snapshot.ts), the parses and checks kept between compiles, and the last complete compile.
// A compile runs in steps (checks.ts drives them between requests); each change counts as a new
// generation, so a compile of an older one is known to be stale.
import {
  compileSteps, EditorCheck, nowMs, overlayHost, ParseCache, sortDiagnostics, sourceLookup, joinPath,
  type CheckedProgram, type CompileResult, type Diagnostic, type EditorCheckStats, type Host, type LoadedFile, type SourceFile, type Steps,
} from "@jadpo/compiler";
import { undecodableRecordings } from "../recording-diagnostics.ts";
import type { ProjectWatcher } from "../watch-project.ts";
import { DiskSnapshot } from "./disk-snapshot.ts";

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
  /** The change it was compiled for (EditorProject.generation then). */
  generation: number;
  /** The buffers it read: absolute path → bytes. */
  buffers: ReadonlyMap<string, Uint8Array>;
  /**
   * How long the compile took, in ms of its own steps, the files it parsed (the rest were kept)
   * and whether it checked the whole project or the declarations it did: for measurements and tests.
   */
  ms: number;
  parsed: string[];
  checked: EditorCheckStats | null;
}

export class EditorProject {
  private readonly parses = new ParseCache();
  private readonly checks = new EditorCheck();
  private readonly disk: DiskSnapshot;
  private watcher: ProjectWatcher | null = null;
  private latestCompiled: Compiled | null = null;
  private lastProgram: CheckedProgram | null = null;
  /** Counts changes: a compile of an older generation is stale. */
  generation = 0;

  constructor(
    /** Absolute, with `/`. */
    readonly root: string,
    disk: Host,
    /** The open buffers of the whole editor (absolute path → bytes); only this project's are read. */
    private readonly buffers: () => ReadonlyMap<string, Uint8Array>,
  ) {
    this.disk = new DiskSnapshot(disk, () => this.watcher !== null);
  }

  /** The watcher on the project's folders (null when they can't be watched: then every check reads the disk). */
  watchWith(watcher: ProjectWatcher | null): void {
    this.watcher = watcher;
  }

  /** Something on disk changed (a watcher or the client said so): the next check reads the disk again. */
  diskChanged(): void {
    this.disk.forget();
  }

  /** A buffer or a file on disk changed: the last compile is stale from now on. */
  invalidate(): void {
    this.generation++;
  }

  host(buffers: ReadonlyMap<string, Uint8Array> = this.buffers()): Host {
    return overlayHost(this.disk, buffers);
  }

  /** The last complete compile, current or not (null before the first one ends). */
  latest(): Compiled | null {
    return this.latestCompiled;
  }

  /** Whether the last complete compile saw the buffers as they are now. */
  upToDate(): boolean {
    return this.latestCompiled !== null && this.latestCompiled.generation === this.generation;
  }

  /**
   * Compiles the buffers as they are now, in steps; the result becomes `latest()` when the last
   * step is taken (a caller that drops the steps leaves `latest()` as it was).
   */
  *compile(): Steps<Compiled> {
    const generation = this.generation;
    // The buffers as they are when the compile starts: changes arriving between its steps are a newer generation's.
    const buffers = new Map(this.buffers());
    let ms = 0;
    // Each check is made from the last where only bodies changed; a body's facts are found when a request first reads them (factsAround).
    const steps = compileSteps(this.host(buffers), this.root, { parses: this.parses, editor: this.checks });
    for (;;) {
      const started = nowMs();
      const next = steps.next();
      ms += nowMs() - started;
      if (next.done) {
        const result = next.value;
        this.lastProgram = result.program ?? this.lastProgram;
        const compiled: Compiled = {
          result, program: this.lastProgram, source: sourceLookup(result.graph), diagnostics: result.diagnostics, generation, buffers,
          ms, parsed: [...this.parses.parsedLastTime], checked: result.program ? this.checks.stats : null,
        };
        this.latestCompiled = compiled;
        return compiled;
      }
      yield;
    }
  }

  /** Adds undecodable recordings to a compile's diagnostics: what `jadpo check` would report. */
  async addRecordings(compiled: Compiled): Promise<void> {
    const host = this.host(compiled.buffers);
    const recordings = await undecodableRecordings(compiled.result, (path) => host.readFile(joinPath(this.root, path)));
    if (recordings.length > 0) compiled.diagnostics = sortDiagnostics([...compiled.result.diagnostics, ...recordings]);
  }

  /** Root-relative path of an absolute one inside the project, or null. */
  relative(path: string): string | null {
    const prefix = this.root.endsWith("/") ? this.root : `${this.root}/`;
    return path.startsWith(prefix) ? path.slice(prefix.length) : null;
  }

  absolute(file: string): string {
    return joinPath(this.root, file);
  }
}

/** A file of a compile, by root-relative path. */
export function fileOf(compiled: Compiled, path: string): LoadedFile | undefined {
  return compiled.result.graph.files.find((f) => f.path === path);
}
