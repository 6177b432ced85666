// jadpo's version, from the CLI's package.json (esbuild inlines it into the bundle).
import packageJson from "../package.json" with { type: "json" };

export const version: string = packageJson.version;
