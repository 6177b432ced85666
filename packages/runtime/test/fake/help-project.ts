// A small help-desk project exercising every AI call, for the fake's tests.

export const APP = `
locales { default: "en-GB" supported: ["en-GB"] }

connection model {
    capability: ai
    driver: openai_compatible
    base_url: "http://127.0.0.1:9/v1"
    model: "test-model"
    embedding_dimensions: 3
}
`;

export const HELP = `
type Question = Text { min_length: 1 max_length: 200 }
type Reply = Object {
    resolved: Bool
    text: Text
}
type Summary = Text { max_length: 100 }
type Tag = Enum { billing shipping other }

prompt answer_question(question: Question) {
    text: "Answer: {question}"
}

prompt summarise(question: Question) {
    text: "Summarise: {question}"
}

prompt classify(text: Text) {
    text: "Classify: {text}"
}

prompt chat(topic: Text) {
    text: "Talk about {topic}"
}

action ask(question: Question) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Reply {
    return attempt ai.generate(AnswerQuestion { question: question }, as: Reply)
}

action summary_of(question: Question) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Summary {
    return attempt ai.generate(Summarise { question: question }, as: Summary)
}

action summary_reply(question: Question) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Reply {
    return attempt ai.generate(Summarise { question: question }, as: Reply)
}

action tag(text: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Tag {
    return attempt ai.generate(Classify { text: text }, as: Tag)
}

action talk(topic: Text) -> StreamedText {
    return ai.stream(Chat { topic: topic })
}

action vector_of(text: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong -> Embedding {
    return attempt ai.embed(text)
}
`;

export const GOOD_RECORDING = `{
  "answer": {
    "resolved": false,
    "text": "{Text}"
  },
  "version": "answer_question@00000000"
}
`;

export const HELP_FILE = "domains/help/help.jadpo";
export const TEST_FILE = "domains/help/help.test.jadpo";
export const RECORDING_FILE = "domains/help/recordings/answer_question/not_covered.json";

export function helpFiles(tests: string): Record<string, string> {
  return { "app.jadpo": APP, [HELP_FILE]: HELP, [TEST_FILE]: tests, [RECORDING_FILE]: GOOD_RECORDING };
}
