// One small project per module.* and name.* rule, shared by the end-to-end test and its snapshots.
export const types = `type CustomerQuestion = Text { min_length: 1 max_length: 2000 }

type SupportAnswer = Object {
    resolved_by_articles: Bool
    reply: Text
}
`;

export const ruleProjects: Record<string, Record<string, string>> = {
  "module.not_found": {
    "domains/support/types.jadpo": types,
    "domains/support/actions/reply.jadpo": `use support/typs { SupportAnswer }

function empty_answer() -> SupportAnswer {
    return SupportAnswer { resolved_by_articles: false  reply: "" }
}
`,
  },
  "module.name_not_found": {
    "domains/support/types.jadpo": types,
    "domains/support/actions/reply.jadpo": `use support/types { SupportAnswr }
`,
  },
  "module.import_cycle": {
    "domains/billing/invoices.jadpo": `use pricing/prices { Price }

type Invoice = Object { total: Price }
`,
    "domains/pricing/prices.jadpo": `use billing/invoices { Invoice }

type Price = Decimal { min: 0 }

function first_total(invoices: List<Invoice>) -> Price {
    return 0
}
`,
  },
  "module.ambiguous": {
    "domains/support/types.jadpo": types,
    "domains/support/types/more.jadpo": `type Stars = Int { min: 1 max: 5 }
`,
  },
  "name.duplicate": {
    "domains/support/types.jadpo": types,
    "domains/support/answers.jadpo": `type SupportAnswer = Text
`,
    "domains/support/answers.test.jadpo": `test "a greeting" {
    assert 1 == 1
}

test "a greeting" {
    assert 2 == 2
}
`,
  },
  "name.casing": {
    "domains/support/types.jadpo": `type support_answer = Object {
    resolvedByArticles: Bool
}

function Shorten(text: Text) -> Text {
    return text
}
`,
  },
  "name.reserved": {
    "domains/support/prompts.jadpo": `prompt generate(question: Text) {
    text: "Answer {question}"
}
`,
  },
  "name.unknown": {
    "domains/support/types.jadpo": types,
    "domains/support/actions/reply.jadpo": `use support/types { SupportAnswer }

function empty_answer() -> SupportAnswer {
    return SupportAnswer { resolved_by_articles: false  reply: greting }
}
`,
  },
};
