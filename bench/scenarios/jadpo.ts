// The bench's scenarios as Jadpo tests: the support example plus generated `*.test.jadpo` files of
// 100 tests each. The five scenarios, in turn, are the ones bench/scenarios/vitest.ts and
// node-test.ts write in TypeScript: a scripted answer with request assertions, a refusal mapped to
// the app's failure, a correction, two malformed answers, an unscripted default.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PER_FILE, repo } from "./common.ts";

export function jadpoTest(i: number): string {
  switch (i % 5) {
    case 0:
      return `test "scripted answer ${i}" {
    fakes: {
        ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: "Answer ${i}." }]
    }
    var reply: SupportAnswer = attempt answer_customer("Question ${i}?")
    assert reply.reply == "Answer ${i}."
    var asked: List<AnswerQuestion> = ai.answer_question.requests
    assert list.count(asked) == 1
    assert list.first(asked) == AnswerQuestion { question: "Question ${i}?"  reader_locale: Locale.en_gb }
}
`;
    case 1:
      return `test "refusal ${i}" {
    fakes: {
        ai.answer_question: [refused]
    }
    assert answer_customer("Question ${i}?") fails AssistantUnavailable
}
`;
    case 2:
      return `test "corrected answer ${i}" {
    fakes: {
        ai.answer_question: [raw("not json"), raw("{\\"resolved_by_articles\\": false, \\"reply\\": \\"No.\\"}")]
    }
    var reply: SupportAnswer = attempt answer_customer("Question ${i}?")
    assert reply.resolved_by_articles == false
    assert ai.answer_question.attempts == 2
}
`;
    case 3:
      return `test "two malformed answers ${i}" {
    fakes: {
        ai.answer_question: [malformed, malformed]
    }
    assert answer_customer("Question ${i}?") fails AnswerUnreadable
}
`;
    default:
      return `test "unscripted default ${i}" {
    var reply: SupportAnswer = attempt answer_customer("Question ${i}?")
    assert ai.answer_question.attempts == 1
}
`;
  }
}

const HEADER = `use support/types { CustomerQuestion, SupportAnswer }
use support/failures { AnswerUnreadable, AssistantUnavailable }
use support/prompts { AnswerQuestion }

`;

/** Writes the support example with `count` generated tests into `root`. */
export function writeJadpoProject(root: string, count: number): void {
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  const folder = join(root, "domains/support/actions");
  mkdirSync(folder, { recursive: true });
  for (let file = 0; file * PER_FILE < count; file++) {
    const tests: string[] = [];
    for (let i = file * PER_FILE; i < Math.min(count, (file + 1) * PER_FILE); i++) tests.push(jadpoTest(i));
    writeFileSync(join(folder, `bench_${String(file).padStart(3, "0")}.test.jadpo`), HEADER + tests.join("\n"));
  }
}

/** The example's own tests and recording tests: a run of a generated project runs them too. */
export function exampleTestCount(): number {
  let count = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(test\.jadpo|jadpotest)$/.test(entry.name)) count += readFileSync(path, "utf8").match(/^test "/gm)?.length ?? 0;
      else if (entry.name.endsWith(".json") && dir.includes("/recordings/")) count++;
    }
  };
  walk(join(repo, "examples/support/domains"));
  return count;
}
