// Packs the built CLI into one self-contained npm tarball (`jadpo-<version>.tgz`): the bundle
// (every runtime dependency inlined by the build), the files the bundle reads at run time (the
// toolchain's prompt texts), `jadpo init`'s templates and the docs, and a package.json with a
// `bin` and no dependencies, so installing it never needs a registry.
// Run: `node packages/cli/build/pack.mjs [--out DIR] [--no-build]` (prints the tarball's path).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(cli, "../..");

/** The script that builds packages/cli/dist. */
export const BUILD_SCRIPT = join(repo, "packages/cli/build/build-cli.mjs");

/**
 * Everything the package holds beside package.json: its path in the package → where it comes
 * from in the repository. `prompts/` is what the bundle reads at run time (it looks for the
 * nearest `prompts/answer-format.txt` above itself), so it goes at the package's root.
 */
export function packageContents() {
  const prompts = [join(repo, "packages/runtime/prompts"), join(repo, "prompts")].find((dir) => existsSync(join(dir, "answer-format.txt")));
  if (prompts === undefined) throw new Error("pack: the toolchain's prompts folder (answer-format.txt) was not found");
  return {
    bin: join(cli, "bin"),
    dist: join(cli, "dist"),
    prompts,
    templates: join(cli, "templates"),
    docs: join(repo, "docs"),
    "README.md": join(cli, "build/package-readme.md"),
  };
}

/** Builds unless told not to, then packs into `outDir`; returns the tarball's absolute path. */
export function packCli({ outDir, build = true }) {
  if (build) run(process.execPath, [BUILD_SCRIPT], repo);
  const cliPackage = JSON.parse(readFileSync(join(cli, "package.json"), "utf8"));
  const staging = mkdtempSync(join(tmpdir(), "jadpo-pack-"));
  try {
    for (const [target, source] of Object.entries(packageContents())) {
      // A build's temp files and a `jadpo test` run's state in the templates are not shipped.
      cpSync(source, join(staging, target), { recursive: true, filter: (path) => !/\.tmp$|[\\/]\.jadpo$/.test(path) });
    }
    const manifest = {
      name: "jadpo",
      version: cliPackage.version,
      description: "The Jadpo toolchain: check a project, run its tests with the AI fake, record answers, serve it locally.",
      type: "module",
      bin: { jadpo: "bin/jadpo.mjs" },
      imports: cliPackage.imports,
      engines: { node: ">=20" },
    };
    writeFileSync(join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(outDir, { recursive: true });
    const packed = run(npm(), ["pack", staging, "--pack-destination", outDir, "--silent", "--ignore-scripts"], outDir);
    const name = packed.trim().split("\n").pop();
    return resolve(outDir, name);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** npm, as this platform names its launcher. */
export function npm() {
  return process.platform === "win32" ? "npm.cmd" : "npm";
}

/** Runs a command, returning its standard output; throws with its output when it fails. */
export function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", shell: process.platform === "win32" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout ?? ""}${result.stderr ?? result.error ?? ""}`);
  }
  return result.stdout;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.includes("--out") ? resolve(args[args.indexOf("--out") + 1]) : join(cli, "pack");
  console.log(packCli({ outDir: out, build: !args.includes("--no-build") }));
}
