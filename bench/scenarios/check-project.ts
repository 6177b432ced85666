// The bench's 50,000-line project for `jadpo check`: types with constraints, records, enums,
// failures, prompts, functions, actions with `fails`/`attempt`/outcome matches, and tests with
// scripted answers, in folders of four files until it reaches the lines asked for.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

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

/** `n` groups of three functions (33 lines each) for domain `d`'s types. */
export function functionsSource(d: number, n: number): string {
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
    parts.push(`action review_order_${d}_${i}(question: Question, order: Order) fails Unavailable${d}, Unreadable${d} -> Verdict${d} {
    var asked = Review${d} { question: question  order: order  locale: Locale.en_gb }
    return match ai.generate(asked, as: Verdict${d}) {
        success(review) => review
        failure AiUnreadable => reject Unreadable${d}
        failure AiRefused, AiTimedOut, AiOverBudget, AiTooLong => reject Unavailable${d}
    }
}

action checked_order_${d}_${i}(question: Question, order: Order) fails Unavailable${d}, Unreadable${d}, TooExpensive${d} -> Text {
    var review: Verdict${d} = attempt review_order_${d}_${i}(question, order)
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
    var text_of: Text = attempt checked_order_${d}_${i}("Is it fresh?", order)
    assert text_of == "BREAD, RYE" or text_of == "bread, rye"
    var asked: List<Review${d}> = ai.review_${d}.requests
    assert list.count(asked) == 1
}

test "a refusal ${i}" {
    fakes: {
        ai.review_${d}: [refused]
    }
    assert checked_order_${d}_${i}("Is it fresh?", Order { code: "ABC-1234"  price: 1  items: [] }) fails Unavailable${d}
}
`);
  }
  return parts.join("\n");
}

/** Writes the project into `root`; returns its size. */
export function writeCheckProject(root: string, targetLines = 50_000): { lines: number; bytes: number; files: number } {
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
