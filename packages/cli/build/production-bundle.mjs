// The two modules `jadpo build` writes beside a build's declarations (docs/production.md), bundled
// with esbuild: `app.mjs`, the runtime's production entry with the program left to fill in (the
// build writes the program's text where PROGRAM_MARKER stands), and `server.mjs`, `jadpo serve`'s
// HTTP adapter, which imports the `app.mjs` beside it. Each is one ES module importing nothing but
// Node's built-ins, so a build runs with the folder and Node alone. The CLI's build writes them to
// dist/production/; running from sources, they are bundled on first use.
import { build } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { PROGRAM_MARKER } from "./program-marker.mjs";

/**
 * The toolchain's sources have no effect when imported (each module only defines), so a module
 * the production code doesn't use is left out, with everything it alone imports: the parser and
 * the test runner never reach a build.
 */
function sourcesWithoutSideEffects(root) {
  const sources = [join(root, "packages/compiler/src"), join(root, "packages/runtime/src"), join(root, "packages/cli/src")];
  return {
    name: "sources-without-side-effects",
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === "resolved") return undefined;
        const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "resolved" });
        if (resolved.errors.length > 0 || !sources.some((dir) => resolved.path.startsWith(dir))) return undefined;
        return { ...resolved, sideEffects: false };
      });
    },
  };
}

/** The runtime's texts for real models, in the place of the module that reads them from disk. */
function promptTextsInline(root) {
  const folder = join(root, "packages/runtime/prompts");
  return {
    name: "prompt-texts-inline",
    setup(builder) {
      builder.onLoad({ filter: /[\\/]runtime[\\/]src[\\/]ai[\\/]prompt-files\.ts$/ }, () => {
        const texts = Object.fromEntries(readdirSync(folder).filter((name) => name.endsWith(".txt"))
          .map((name) => [name, readFileSync(join(folder, name), "utf8").replace(/\r\n/g, "\n")]));
        return {
          loader: "ts",
          contents: `const TEXTS: Record<string, string> = ${JSON.stringify(texts)};
export function promptText(name: string): string {
  const text = TEXTS[name];
  if (text === undefined) throw new Error(\`jadpo: no prompt text \${name}\`);
  return text;
}
`,
        };
      });
    },
  };
}

/** A built-in required without `node:` (by a dependency) is required with it. */
const builtinsWithPrefix = {
  name: "builtins-with-prefix",
  setup(builder) {
    const names = new RegExp(`^(${builtinModules.map((m) => m.replace(/[/]/g, "\\/")).join("|")})$`);
    builder.onResolve({ filter: names }, ({ path }) => ({ path: `node:${path}`, external: true }));
  },
};

/** Stops when `output` imports anything but a built-in: a build must run without the jadpo install. */
function importsOnlyBuiltins(name, metafile) {
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.path.startsWith("node:")) throw new Error(`production-bundle: ${name} imports "${imported.path}", not a node: built-in`);
    }
  }
}

/** `{ app, server }`: the two modules' text (the app's with PROGRAM_MARKER in the program's place). */
export async function bundleProduction(root) {
  const options = {
    bundle: true, platform: "node", format: "esm", target: "node20", legalComments: "none", logLevel: "warning",
    write: false, metafile: true, minifySyntax: true, minifyWhitespace: true, charset: "utf8",
    plugins: [sourcesWithoutSideEffects(root), promptTextsInline(root), builtinsWithPrefix],
    // CommonJS dependencies bundled in require Node's built-ins at run time.
    banner: { js: "import { createRequire as __jadpoCreateRequire } from 'node:module'; const require = __jadpoCreateRequire(import.meta.url);" },
  };
  const [app, server] = await Promise.all([
    build({ ...options, entryPoints: [join(root, "packages/runtime/src/production/app-module.ts")], outfile: "app.mjs", define: { JADPO_PROGRAM: PROGRAM_MARKER } }),
    build({ ...options, entryPoints: [join(root, "packages/cli/src/commands/serve/server-entry.ts")], outfile: "server.mjs" }),
  ]);
  importsOnlyBuiltins("app.mjs", app.metafile);
  importsOnlyBuiltins("server.mjs", server.metafile);
  const appText = app.outputFiles[0].text;
  if (appText.split(PROGRAM_MARKER).length !== 2) throw new Error("production-bundle: app.mjs must hold the program's marker exactly once");
  return { app: appText, server: server.outputFiles[0].text };
}
