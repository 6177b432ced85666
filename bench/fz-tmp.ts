import { writeFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { breakUtf8, chooseMutation, rng } from "./fuzz/mutate.ts";
const root = join(import.meta.dirname, "../examples/support");
const corpus: Record<string, string> = {};
const walk = (d: string) => { for (const n of readdirSync(d)) { const f = join(d, n); if (n === ".jadpo") continue; if (statSync(f).isDirectory()) walk(f); else corpus[relative(root, f)] = readFileSync(f, "utf8"); } };
walk(root);
const sources = Object.keys(corpus).filter((p) => p.endsWith(".jadpo") || p.endsWith(".jadpotest"));
const input = Number(process.argv[2]);
const r = rng(20261201 ^ Math.imul(input, 2654435761));
const path = sources[Math.floor(r() * sources.length)];
let text = corpus[path]; const names: string[] = [];
for (let m = 0, n = 1 + Math.floor(r() * 3); m < n; m++) { const [name, mutate] = chooseMutation(r); names.push(name); text = mutate(text, r); }
const asBytes = r() < 0.15;
console.log(path, names, asBytes, text.length);
writeFileSync(`/tmp/fz-${input}.txt`, asBytes ? breakUtf8(text, r) : text);
