/** The two modules of a build, the app's with PROGRAM_MARKER (program-marker.mjs) in the program's place. */
export function bundleProduction(root: string): Promise<{ app: string; server: string }>;
