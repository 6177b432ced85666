// `pnpm bench:check [lines] [runs]`: generates a project of about 50,000 lines (by default) in a
// temporary folder — types with constraints, records, enums, failures, prompts, functions,
// actions with `fails`/`attempt`/outcome matches, and tests with scripted answers — runs the built
// `jadpo check` on it 9 times after one unmeasured run, and prints the median wall time and MB/s end to end.
// Build first: `node packages/cli/build/build-cli.mjs`. `tsx bench/check.ts --generate <dir> [lines]` only writes it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const jadpo = join(repo, "packages/cli/bin/jadpo.mjs");
const generateOnly = process.argv[2] === "--generate" ? process.argv[3] : null;
const args = generateOnly === null ? process.argv.slice(2) : process.argv.slice(4);
const targetLines = Number(args[0] ?? 50_000);
// Nine runs: this machine's neighbours move single runs by a tenth or more.
const runs = Number(args[1] ?? 9);

const APP = `locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }

connection local_model {
    capability: ai
    driver: openai_compatible
    base_url: env("JADPO_AI_BASE_URL", "http://127.0.0.1:8080/v1")
    model: "meta-llama/Llama-3.1-8B-Instruct"
    timeout: 30s
}
`;

function typesSource(d: number): string {
  return `type Question = Text { min_length: 1 max_length: 2000 }
type Stars = Int { min: 1 max: 5 }
type Price = Decimal { min: 0 }
type OrderCode = Text { pattern: "[A-Z]{3}-[0-9]{4}" }
type Tone = Enum { friendly formal curt }
type Verdict${d} = Object {
    stars: Stars
    reply: Text
    tags: List<Text> { max_items: 5 }
    follow_up: Text?
    tone: Tone
    resolved: Bool
}
type Order = Object {
    code: OrderCode
    price: Price
    items: List<Text>
}

failure Unavailable${d} { kind: Unavailable  message: "The assistant can't answer right now." }
failure Unreadable${d} { kind: Unavailable  message: "The answer couldn't be read." }
failure TooExpensive${d} { kind: InvalidValue  message: "The order costs too much." }

prompt review_${d}(question: Question, order: Order, locale: Locale) {
    system: "You review orders for a bakery."
    text: """
        Review order {order.code} in {locale}.
        Question: {question}
    """
}
`;
}

function functionsSource(d: number, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(`function greeting_${i}(tone: Tone, locale: Locale) -> Text {
    var base = match tone {
        Tone.friendly => "Hi"
        Tone.formal => "Good day"
        Tone.curt => "Yes"
    }
    return match locale {
        Locale.en_gb => base + " there"
        Locale.fr_fr => base + " !"
    }
}

function total_${i}(order: Order, stars: Stars) -> Decimal {
    var mut sum = order.price * 2
    for item in order.items {
        if text.length(item) > 3 and stars >= 2 {
            sum = sum + 1.5
        } else {
            sum = sum - 0.5
        }
    }
    return sum
}

function describe_${i}(review: Verdict${d}) -> Text {
    var first = match list.first(review.tags) {
        some(tag) => text.upper(tag)
        none => ""
    }
    if list.is_empty(review.tags) or not review.resolved {
        return first
    }
    return text.join(review.tags, ", ")
}
`);
  }
  return parts.join("\n");
}

function actionsSource(d: number, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(`action review_order_${i}(question: Question, order: Order) fails Unavailable${d}, Unreadable${d} -> Verdict${d} {
    var asked = Review${d} { question: question  order: order  locale: Locale.en_gb }
    return match ai.generate(asked, as: Verdict${d}) {
        success(review) => review
        failure AiUnreadable => reject Unreadable${d}
        failure AiRefused, AiTimedOut, AiOverBudget, AiTooLong => reject Unavailable${d}
    }
}

action checked_order_${i}(question: Question, order: Order) fails Unavailable${d}, Unreadable${d}, TooExpensive${d} -> Text {
    var review: Verdict${d} = attempt review_order_${i}(question, order)
    if total_${i}(order, review.stars) > 100 {
        reject TooExpensive${d}
    }
    return describe_${i}(review)
}
`);
  }
  return parts.join("\n");
}

function testsSource(d: number, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(`test "a scripted review ${i}" {
    fakes: {
        ai.review_${d}: [
            Verdict${d} {
                stars: 4
                reply: "Looks fine ${i}."
                tags: ["bread", "rye"]
                follow_up: none
                tone: Tone.friendly
                resolved: true
            }
        ]
    }
    var order = Order { code: "ABC-1234"  price: 12.5  items: ["rye", "sourdough"] }
    var text_of: Text = attempt checked_order_${i}("Is it fresh?", order)
    assert text_of == "BREAD, RYE" or text_of == "bread, rye"
    var asked: List<Review${d}> = ai.review_${d}.requests
    assert list.count(asked) == 1
}

test "a refusal ${i}" {
    fakes: {
        ai.review_${d}: [refused]
    }
    assert checked_order_${i}("Is it fresh?", Order { code: "ABC-1234"  price: 1  items: [] }) fails Unavailable${d}
}
`);
  }
  return parts.join("\n");
}

function generate(root: string): { lines: number; bytes: number; files: number } {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "app.jadpo"), APP);
  let lines = APP.split("\n").length;
  let bytes = Buffer.byteLength(APP);
  let files = 1;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    lines += text.split("\n").length;
    bytes += Buffer.byteLength(text);
    files++;
  };
  for (let d = 0; lines < targetLines; d++) {
    // The prompt `review_<d>` declares the values type `Review<d>`; the model answers a `Verdict<d>`.
    write(`domains/d${d}/types.jadpo`, typesSource(d));
    write(`domains/d${d}/functions.jadpo`, functionsSource(d, 4));
    write(`domains/d${d}/actions.jadpo`, actionsSource(d, 4));
    write(`domains/d${d}/actions.test.jadpo`, testsSource(d, 4));
  }
  return { lines, bytes, files };
}

// Reports the child's own CPU time (user + system) on stderr when it exits, so a busy machine's
// wall time can be told apart from the work `jadpo check` does.
const CPU_PROBE = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;

function run(root: string): { seconds: number; cpu: number; stdout: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ["--import", CPU_PROBE, jadpo, "check", root], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`jadpo check exited ${result.status}:\n${(result.stdout + result.stderr).slice(0, 4000)}`);
  const cpu = Number(/cpu-us (\d+)/.exec(result.stderr)?.[1] ?? NaN) / 1e6;
  return { seconds, cpu, stdout: result.stdout.trim() };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (generateOnly !== null) {
  const size = generate(generateOnly);
  console.log(`${size.files} files, ${size.lines} lines, ${(size.bytes / 1e6).toFixed(2)} MB`);
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "jadpo-bench-check-"));
try {
  const size = generate(root);
  const first = run(root);
  const results = Array.from({ length: runs }, () => run(root));
  const m = median(results.map((r) => r.seconds));
  const cpu = median(results.map((r) => r.cpu));
  const mb = size.bytes / 1e6;
  console.log(`jadpo check: ${size.files} files, ${size.lines} lines, ${mb.toFixed(2)} MB, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)}`);
  console.log(`  output        ${first.stdout.split("\n").at(-1)}`);
  console.log(`  median        ${m.toFixed(3)} s   ${(mb / m).toFixed(2)} MB/s end to end (target ≥ 1.5 MB/s)`);
  const fastest = Math.min(...results.map((r) => r.seconds));
  console.log(`  fastest       ${fastest.toFixed(3)} s   ${(mb / fastest).toFixed(2)} MB/s`);
  console.log(`  median CPU    ${cpu.toFixed(3)} s   ${(mb / cpu).toFixed(2)} MB/s of the process's own CPU time (user + system)`);
  console.log(`  runs          ${results.map((r) => `${r.seconds.toFixed(3)}s/${r.cpu.toFixed(3)}cpu`).join(" ")}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
