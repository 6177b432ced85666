// Tool-loop cost beside a single call: N tests whose prompt makes 3 tool calls before answering,
// and N that answer in one step, checked and compiled once, run R rounds on this thread.
//   npx tsx packages/runtime/test/tools/bench-tools.mts      N=2000 R=10
import { compileProject } from "@jadpo/compiler";
import { memoryHost, SOURCES_ROOT } from "@jadpo/compiler/testing";
import { compileProgram } from "../../src/exec/compile-program.ts";
import { runTest } from "../../src/runner/run-test.ts";
import { APP, atRoot } from "../../src/testing/project.ts";
import { SOURCE } from "./tool-project.ts";

const N = Number(process.env.N ?? 2000);
const PLAIN = `prompt plain_question(question: Text) {\n    text: "Question: {question}"\n}\naction ask_plain(question: Text) -> Text {\n    return match ai.generate(PlainQuestion { question: question }, as: Reply) {\n        success(r) => r.reply\n        failure _ => "sorry"\n    }\n}\n`;
const looped = (i: number) => `test "loop ${i}" {\n    fakes: {\n        ai.order_question: [call find_order(OrderQuery { code: "ABC-1234" }), call opening_hours(NoInput { }), call find_order(OrderQuery { code: "ZZZ-0000" }), Reply { reply: "Ready."  status_known: true }]\n    }\n    assert ask_or_limit("?") == "Ready."\n}\n`;
const single = (i: number) => `test "single ${i}" {\n    fakes: {\n        ai.plain_question: [Reply { reply: "Ready."  status_known: true }]\n    }\n    assert ask_plain("?") == "Ready."\n}\n`;

for (const [label, make] of [["single call", single], ["3 tool calls + answer", looped]] as const) {
  let tests = "";
  for (let i = 0; i < N; i++) tests += make(i);
  const host = memoryHost(atRoot({ "app.jadpo": APP, "domains/shop/shop.jadpo": SOURCE + PLAIN, "domains/shop/shop.test.jadpo": tests }));
  const program = compileProject(host, SOURCES_ROOT).program!;
  const compiled = compileProgram(program, { eagerTests: true });
  const times: number[] = [];
  for (let round = 0; round < Number(process.env.R ?? 10); round++) {
    const started = performance.now();
    for (const test of program.tests) {
      const r = runTest(compiled, test, { runSeed: 1 });
      const result = r instanceof Promise ? await r : r;
      if (result.status !== "passed") throw new Error(`${test.name} failed`);
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: ${N} tests, median ${times[times.length >> 1].toFixed(0)} ms (min ${times[0].toFixed(0)} ms)`);
}
