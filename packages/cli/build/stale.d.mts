/** True when a source file is newer than the last build (or there is none). */
export function buildIsStale(): boolean;
/** The build script. */
export const buildScript: string;
