// Byte-identity of `jadpo test`'s reports across builds: runs one build over a set of projects and
// flags, every reporter at once (pretty on stdout, plain/verbose/json/junit to files), and
// either saves what it printed or compares it with what another build saved. Timings are the
// only thing normalised (as the e2e tests do: `duration_ms` → 0, junit `time`, verbose and
// pretty durations). `--workers 1` and the default are also compared with each other.
//
//   npx tsx bench/run-identity.ts save  <dir> [--bin <jadpo.mjs>] [--quick]
//   npx tsx bench/run-identity.ts check <dir> [--bin <jadpo.mjs>] [--quick]
//
// `--bin` defaults to this checkout's build; `--quick` leaves out the 10,000-test project.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeJadpoProject } from "./scenarios/jadpo.ts";
import { jadpoBin } from "./scenarios/common.ts";

const FAILING_TESTS = `use support/types { CustomerQuestion, SupportAnswer }
use support/failures { AnswerUnreadable, AssistantUnavailable }
use support/prompts { AnswerQuestion }

test "a wrong reply" {
    fakes: {
        ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: "A." }]
    }
    var reply: SupportAnswer = attempt answer_customer("Q?")
    assert reply.reply == "B."
}

test "a request that differs" {
    fakes: {
        ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: "A." }]
    }
    var reply: SupportAnswer = attempt answer_customer("Q?")
    var asked: List<AnswerQuestion> = ai.answer_question.requests
    assert list.first(asked) == AnswerQuestion { question: "Other?"  reader_locale: Locale.en_gb }
}

test "the other failure" {
    fakes: {
        ai.answer_question: [refused]
    }
    assert answer_customer("Q?") fails AnswerUnreadable
}

test "a success where a failure was expected" {
    fakes: {
        ai.answer_question: [SupportAnswer { resolved_by_articles: false  reply: "A." }]
    }
    assert answer_customer("Q?") fails AnswerUnreadable
}

test "an unused fake" {
    fakes: {
        ai.answer_question: [refused, refused]
    }
    assert answer_customer("Q?") fails AssistantUnavailable
}

test "fakes run out" {
    fakes: {
        ai.answer_question: [malformed]
    }
    assert answer_customer("Q?") fails AnswerUnreadable
}

test "an unexpected failure" {
    fakes: {
        ai.answer_question: [timed_out]
    }
    var reply: SupportAnswer = attempt answer_customer("Q?")
}

test "a wrong count of attempts" {
    fakes: {
        ai.answer_question: [raw("no"), raw("{\\"resolved_by_articles\\": false, \\"reply\\": \\"No.\\"}")]
    }
    var reply: SupportAnswer = attempt answer_customer("Q?")
    assert ai.answer_question.attempts == 3
}

test "a generated answer that depends on the seed" {
    var reply: SupportAnswer = attempt answer_customer("Q?")
    assert reply.resolved_by_articles
}

test "a generated reply that depends on the seed" {
    var reply: SupportAnswer = attempt answer_customer("Q?")
    assert reply.reply == "x"
}

test "a plain false assertion" {
    assert 1 > 2
}
`;

interface Project {
  name: string;
  make(dir: string): void;
  /** Flag sets run under `--workers 1` and the default. */
  flags: string[][];
}

const COMMON = [[], ["--seeds", "1..20"], ["--coverage"], ["--seeds", "1..20", "--coverage"]];

const projects: Project[] = [
  { name: "support", make: (dir) => writeJadpoProject(dir, 0), flags: [...COMMON, ["--seed", "7"]] },
  { name: "bench2k", make: (dir) => writeJadpoProject(dir, 2000), flags: COMMON },
  {
    name: "failing",
    make(dir) {
      writeJadpoProject(dir, 300);
      writeFileSync(join(dir, "domains/support/actions/failing.test.jadpo"), FAILING_TESTS);
    },
    flags: [...COMMON, ["--bail", "3"], ["--shard", "2/3"], ["--seed", "7"], ["-t", "/seed|wrong/"], ["--color", "always"]],
  },
  { name: "bench10k", make: (dir) => writeJadpoProject(dir, 10000), flags: COMMON },
];

function normalise(name: string, text: string): string {
  if (name.endsWith(".json")) return text.replace(/"duration_ms":[0-9.e+-]+/g, '"duration_ms":0');
  if (name.endsWith(".xml")) return text.replace(/ time="[0-9.]+"/g, ' time="0"');
  // verbose/pretty: `  3ms`, `0.4ms`, `1.25s` after a test, and `Duration  …`.
  return text.replace(/(\d+(\.\d+)?m?s)(\u001b\[[0-9;]*m)?$/gm, "T$3");
}

function runOne(bin: string, dir: string, flags: string[], workers: string[]): Record<string, string> {
  const out = join(dir, ".identity-out");
  rmSync(out, { recursive: true, force: true });
  rmSync(join(dir, ".jadpo"), { recursive: true, force: true });
  const args = [
    bin, "test", ...workers, ...flags, "--reporter", "pretty", "--reporter", "plain", "--reporter", "verbose", "--reporter", "json", "--reporter", "junit",
    "--output", `plain=${out}/plain.txt`, "--output", `verbose=${out}/verbose.txt`, "--output", `json=${out}/report.json`, "--output", `junit=${out}/junit.xml`,
  ];
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: "", FORCE_COLOR: "" } });
  const files: Record<string, string> = { "exit.txt": `${r.status}\n`, "pretty.txt": normalise("pretty.txt", r.stdout), "stderr.txt": r.stderr };
  for (const f of existsSync(out) ? readdirSync(out) : []) files[f] = normalise(f, readFileSync(join(out, f), "utf8"));
  rmSync(out, { recursive: true, force: true });
  return files;
}

function main(): void {
  const [mode, saved] = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  if ((mode !== "save" && mode !== "check") || !saved) {
    console.error("usage: run-identity.ts save|check <dir> [--bin <jadpo.mjs>] [--quick]");
    process.exit(2);
  }
  const bin = opt("--bin") ?? jadpoBin;
  const quick = process.argv.includes("--quick");
  const work = join(tmpdir(), `jadpo-identity-${process.pid}`);
  let differences = 0;
  let compared = 0;
  try {
    for (const project of projects) {
      if (quick && project.name === "bench10k") continue;
      const dir = join(work, project.name);
      project.make(dir);
      for (const flags of project.flags) {
        const byWorkers: Record<string, string>[] = [];
        for (const workers of [["--workers", "1"], []]) {
          const key = `${project.name}/${[...flags, ...workers].join("_").replace(/[^\w.-]+/g, "_") || "default"}`;
          const started = performance.now();
          const files = runOne(bin, dir, flags, workers);
          byWorkers.push(files);
          const folder = join(saved, key);
          if (mode === "save") {
            mkdirSync(folder, { recursive: true });
            for (const [f, text] of Object.entries(files)) writeFileSync(join(folder, f), text);
          } else {
            for (const [f, text] of Object.entries(files)) {
              compared++;
              const before = existsSync(join(folder, f)) ? readFileSync(join(folder, f), "utf8") : "<missing>";
              if (before !== text) {
                differences++;
                console.log(`DIFFERS ${key}/${f}`);
              }
            }
          }
          console.log(`${key}  ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
        for (const f of Object.keys(byWorkers[0])) {
          if (byWorkers[0][f] !== byWorkers[1][f]) {
            differences++;
            console.log(`WORKERS DIFFER ${project.name} ${flags.join(" ")} ${f}`);
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (mode === "check") console.log(differences === 0 ? `identical: ${compared} files` : `${differences} differences`);
  process.exit(differences === 0 ? 0 : 1);
}

main();
