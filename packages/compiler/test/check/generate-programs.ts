// Random well-typed Jadpo programs for the property test: constrained scalar types, an enum, a
// record, failures, a prompt asked by `ai.generate`, functions, a chain of actions with `fails`
// and `attempt`, and a test with scripted literal answers. `mutation` breaks one thing.
import fc from "fast-check";

export type Mutation =
  | "none" | "wrong_type_return" | "constraint" | "missing_field_record" | "missing_field_fake"
  | "wrong_type_fake" | "dropped_attempt" | "stale_fails";

export const MUTATIONS: Mutation[] = [
  "wrong_type_return", "constraint", "missing_field_record", "missing_field_fake", "wrong_type_fake", "dropped_attempt", "stale_fails",
];

type Scalar =
  | { base: "Int"; min: number; max: number }
  | { base: "Decimal"; min: number }
  | { base: "Text"; minLength: number; maxLength: number }
  | { base: "Pattern"; pattern: number }
  | { base: "Bool" };

const PATTERNS: [string, string][] = [["[A-Z]{3}-[0-9]{4}", "ABC-1234"], ["[a-z]+", "abc"], ["(yes|no)", "yes"], ["\\\\d{2}", "42"]];

export interface Model {
  scalars: Scalar[];
  members: string[];
  /** Per record field: which scalar, optional, list. */
  fields: { scalar: number; optional: boolean; list: boolean }[];
  failures: number;
  actions: number;
  rejectsExtra: boolean[];
  answers: number;
}

const scalarArb: fc.Arbitrary<Scalar> = fc.oneof(
  fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 50 })).map(([min, span]) => ({ base: "Int" as const, min, max: min + span })),
  fc.integer({ min: -10, max: 10 }).map((min) => ({ base: "Decimal" as const, min })),
  fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 20 })).map(([minLength, span]) => ({ base: "Text" as const, minLength, maxLength: Math.max(1, minLength + span) })),
  fc.integer({ min: 0, max: PATTERNS.length - 1 }).map((pattern) => ({ base: "Pattern" as const, pattern })),
  fc.constant({ base: "Bool" as const }),
);

export const modelArb: fc.Arbitrary<Model> = fc
  .record({
    scalars: fc.array(scalarArb, { minLength: 1, maxLength: 5 }),
    members: fc.uniqueArray(fc.constantFrom("red", "green", "blue", "amber", "grey"), { minLength: 1, maxLength: 4 }),
    fieldSeeds: fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 5 }),
    failures: fc.integer({ min: 1, max: 3 }),
    actions: fc.integer({ min: 1, max: 4 }),
    rejectsExtra: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    answers: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ fieldSeeds, scalars, ...rest }) => ({
    ...rest,
    scalars,
    fields: fieldSeeds.map(([s, optional, list]) => ({ scalar: s % scalars.length, optional, list })),
  }));

function validLiteral(s: Scalar, variant = 0): string {
  switch (s.base) {
    case "Int": return String(Math.min(s.max, s.min + variant));
    case "Decimal": return String(s.min + variant + 0.5);
    case "Text": return JSON.stringify("w".repeat(Math.max(s.minLength, Math.min(s.maxLength, 1 + variant))));
    case "Pattern": return JSON.stringify(PATTERNS[s.pattern][1]);
    case "Bool": return variant % 2 === 0 ? "true" : "false";
  }
}

/** A literal of the wrong kind for `s`. */
function wrongLiteral(s: Scalar): string {
  return s.base === "Text" || s.base === "Pattern" ? "42" : '"not a number"';
}

/** A literal of the right kind that breaks a constraint, or a wrong one when `s` has none. */
function violatingLiteral(s: Scalar): string {
  switch (s.base) {
    case "Int": return String(s.max + 1);
    case "Decimal": return String(s.min - 1);
    case "Text": return JSON.stringify("w".repeat(s.maxLength + 1));
    case "Pattern": return JSON.stringify("!!");
    case "Bool": return '"true"';
  }
}

function scalarDecl(s: Scalar, i: number): string {
  switch (s.base) {
    case "Int": return `type S${i} = Int { min: ${s.min} max: ${s.max} }`;
    case "Decimal": return `type S${i} = Decimal { min: ${s.min} }`;
    case "Text": return `type S${i} = Text { min_length: ${s.minLength} max_length: ${s.maxLength} }`;
    case "Pattern": return `type S${i} = Text { pattern: "${PATTERNS[s.pattern][0]}" }`;
    case "Bool": return `type S${i} = Bool`;
  }
}

function fieldType(f: Model["fields"][number]): string {
  const t = `S${f.scalar}`;
  return f.list ? `List<${t}> { max_items: 3 }` : f.optional ? `${t}?` : t;
}

function fieldValue(m: Model, f: Model["fields"][number], variant: number): string {
  const s = m.scalars[f.scalar];
  if (f.list) return `[${validLiteral(s, variant)}, ${validLiteral(s, variant + 1)}]`;
  if (f.optional && variant % 2 === 1) return "none";
  return validLiteral(s, variant);
}

/** A record literal of `Rec`; `drop` leaves out the first field, `wrong` makes the first field's value the wrong kind. */
function recordLiteral(m: Model, variant: number, indent: string, how: "ok" | "drop" | "wrong" = "ok"): string {
  const lines = m.fields.map((f, i) => {
    if (i === 0 && how === "wrong") return `${indent}    f${i}: ${f.list ? "42" : wrongLiteral(m.scalars[f.scalar])}`;
    return `${indent}    f${i}: ${fieldValue(m, f, variant)}`;
  });
  if (how === "drop") lines.shift();
  return `Rec {\n${lines.join("\n")}\n${indent}    tone: Tone.${m.members[variant % m.members.length]}\n${indent}}`;
}

export interface Program {
  files: Record<string, string>;
}

export function renderProgram(m: Model, mutation: Mutation): Program {
  const out: string[] = [];
  m.scalars.forEach((s, i) => out.push(scalarDecl(s, i)));
  out.push(`type Question = Text { min_length: 1 max_length: 200 }`);
  out.push(`type Tone = Enum { ${m.members.join(" ")} }`);
  out.push(`type Rec = Object {\n${m.fields.map((f, i) => `    f${i}: ${fieldType(f)}`).join("\n")}\n    tone: Tone\n}`);
  for (let i = 0; i <= m.failures; i++) out.push(`failure F${i} { kind: Unavailable  message: "F${i} happened." }`);
  out.push(`prompt ask(question: Question) {\n    text: "Answer {question}"\n}`);
  // Functions: a valid value of each scalar type, arithmetic on constrained numbers, an enum match.
  m.scalars.forEach((s, i) => {
    const value = i === 0 && mutation === "wrong_type_return" ? wrongLiteral(s) : i === 0 && mutation === "constraint" ? violatingLiteral(s) : validLiteral(s);
    out.push(`function make_${i}() -> S${i} {\n    return ${value}\n}`);
    if (s.base === "Int" || s.base === "Decimal") out.push(`function grow_${i}(x: S${i}) -> ${s.base} {\n    return x + 1\n}`);
    if (s.base === "Text" || s.base === "Pattern") out.push(`function size_${i}(x: S${i}) -> Int {\n    return text.length(x)\n}`);
  });
  out.push(`function name_of(tone: Tone) -> Text {\n    return match tone {\n${m.members.map((x) => `        Tone.${x} => "${x}"`).join("\n")}\n    }\n}`);
  out.push(`function build() -> Rec {\n    return ${recordLiteral(m, 0, "    ", mutation === "missing_field_record" ? "drop" : "ok")}\n}`);
  // Actions: act_0 asks the model; each next one attempts the previous and may reject one more failure.
  const fails: string[][] = [];
  for (let k = 0; k < m.actions; k++) {
    const own = k > 0 && m.rejectsExtra[k] && k <= m.failures ? [`F${k}`] : [];
    fails.push([...(k === 0 ? ["F0"] : fails[k - 1]), ...own]);
    const declared = k === 0 && mutation === "stale_fails" ? [...fails[k], `F${m.failures}`] : fails[k];
    const head = `action act_${k}(question: Question) fails ${declared.join(", ")} -> Rec {`;
    if (k === 0) {
      out.push(`${head}\n    return match ai.generate(Ask { question: question }, as: Rec) {\n        success(answer) => answer\n        failure AiUnreadable => reject F0\n        failure _ => reject F0\n    }\n}`);
      continue;
    }
    const attempt = mutation === "dropped_attempt" && k === m.actions - 1 ? "" : "attempt ";
    const reject = own.length > 0 ? `\n    if text.length(question) > 100 {\n        reject ${own[0]}\n    }` : "";
    out.push(`${head}\n    var got = ${attempt}act_${k - 1}(question)${reject}\n    return got\n}`);
  }
  if (mutation === "dropped_attempt" && m.actions === 1) {
    out.push(`action extra(question: Question) fails F0 -> Rec {\n    return act_0(question)\n}`);
  }
  const last = `act_${m.actions - 1}`;
  const items = Array.from({ length: m.answers }, (_, i) =>
    `            ${recordLiteral(m, i, "            ", i === 0 && mutation === "missing_field_fake" ? "drop" : i === 0 && mutation === "wrong_type_fake" ? "wrong" : "ok")}`);
  const test = `test "the chain answers" {
    fakes: {
        ai.ask: [
${items.join(",\n")},
            refused
        ]
    }
${Array.from({ length: m.answers }, (_, i) => `    var r${i}: Rec = attempt ${last}("Question ${i}?")`).join("\n")}
    assert ${last}("Again?") fails F0
    assert list.count(ai.ask.requests) == ${m.answers + 1}
    assert name_of(r0.tone) != ""
}`;
  return {
    files: {
      "app.jadpo": "",
      "domains/gen/gen.jadpo": `${out.join("\n\n")}\n`,
      "domains/gen/gen.test.jadpo": `${test}\n`,
    },
  };
}
