// What the rule cases share: the case shape, and small projects in one folder module
// (`domains/shop`), so files see each other without `use`.

export interface RuleCase {
  rule: string;
  /** What the case shows, when a rule has several. */
  title?: string;
  files: Record<string, string>;
  expected: string;
}

/** `test.fake_type`'s reason, the same for every script item that doesn't decode. */
export const SCRIPT_REASON = "Scripts are checked against the prompt's types when the test compiles, so a test can't script what the decoding would reject or what no call could send.";

export const shop = (source: string, extra: Record<string, string> = {}): Record<string, string> => ({
  "app.jadpo": "",
  "domains/shop/shop.jadpo": source,
  ...extra,
});

export const ANSWER = `type Question = Text { min_length: 1 max_length: 200 }
type Answer = Object {
    resolved: Bool
    reply: Text
}
failure Unavailable { kind: Unavailable  message: "Not now." }
prompt ask(question: Question) {
    text: "Answer: {question}"
}
`;

export const ANSWERING = `${ANSWER}
action answer(question: Question) fails Unavailable -> Answer {
    return match ai.generate(Ask { question: question }, as: Answer) {
        success(a) => a
        failure _ => reject Unavailable
    }
}
`;

export const STREAMING = `${ANSWER}
action tell(question: Question) -> Text {
    var told = ai.stream(Ask { question: question })
    return told.text
}
`;
