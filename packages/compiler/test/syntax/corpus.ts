// A generated, valid Jadpo text of any size: realistic declarations of every kind (types,
// failures, functions, actions with matches, fixtures, prompts, connections, tests with fakes).
// Used by the parser's tests and by `pnpm bench:parse`.

function unit(i: number): string {
  return `type Question${i} = Text { min_length: 1 max_length: 2000 }
type Stars${i} = Int { min: 1 max: 5 }
type Tone${i} = Enum { friendly formal curt }
type Review${i} = Object {
    resolved_by_articles: Bool
    reply: Text
    tags: List<Text> { max_items: 5 }
    follow_up: Text?
    stars: Stars${i}
}

failure Unavailable${i} { kind: Unavailable  message: "The assistant can't answer right now (${i})." }
failure Unreadable${i} { kind: Unavailable  message: "The answer couldn't be read." code: "unreadable_${i}" }

// Greets in the reader's language.
function greeting_${i}(locale: Locale, tone: Tone${i}) -> Text {
    var base = match locale {
        Locale.en_gb => "Hello"
        Locale.fr_fr => "Bonjour"
    }
    if tone == Tone${i}.formal and not list.is_empty(["a", "b"]) {
        return base + ", dear customer"
    } else if tone == Tone${i}.curt {
        return base
    } else {
        var mut count = 0
        for word in ["x", "y", "z"] {
            count = count + text.length(word) * 2 - 1 % 3
        }
        return match count > 3 { _ => base + "!" }
    }
}

prompt answer_${i}(question: Question${i}, reader_locale: Locale) {
    system: "You answer bakery customers from the help articles only."
    text: """
        Answer the customer's question in {reader_locale}.
        Question: {question}
          Keep it short, and say \\"thanks\\" at the end.\\n
    """
}

action answer_customer_${i}(question: Question${i})
    fails Unavailable${i}, Unreadable${i}
    -> Review${i}
{
    var asked = Answer${i} { question: question  reader_locale: Locale.en_gb }
    var reply: Review${i} = match ai.generate(asked, as: Review${i}) {
        success(answer) => answer
        failure AiUnreadable => reject Unreadable${i}
        failure AiRefused, AiTimedOut, AiOverBudget, AiTooLong => reject Unavailable${i}
    }
    var first = match list.first(reply.tags) {
        some(tag) => { var t = text.trim(tag)  t }
        none => ""
    }
    attempt log_${i}(first)
    return reply
}

fixtures questions_${i} {
    asked(question: Question${i}) -> Question${i} { return question }
    sesame -> Answer${i} {
        return Answer${i} { question: "Does your sourdough contain sesame?"  reader_locale: Locale.en_gb }
    }
}

test "a question the model answers (${i})" {
    fakes: {
        ai.answer_${i}: [
            Review${i} {
                resolved_by_articles: true
                reply: "Our sourdough is baked beside sesame."
                tags: ["bread", "sesame"]
                follow_up: none
                stars: 4
            },
            raw("{\\"resolved_by_articles\\": true}"),
            recorded("sesame"),
            refused, timed_out, malformed,
            when { question: "Sesame?"  reader_locale: Locale.en_gb } => [malformed, generated],
        ]
        ai.embed: [[0.5, -0.25, 1.0], over_budget, when "rye" => like("spelt")]
    }
    var reply: Review${i} = attempt answer_customer_${i}(questions_${i}.asked("Sesame?"))
    assert reply.resolved_by_articles
    assert answer_customer_${i}("Help me pick a lock") fails Unavailable${i}
    advance clock by 15m
    assert list.count(ai.answer_${i}.requests) == 1 and ai.answer_${i}.attempts <= 2
}

`;
}

/** At least `bytes` UTF-16 units of valid Jadpo (ASCII, so as many bytes). */
export function generateCorpus(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const text = unit(i);
    parts.push(text);
    size += text.length;
  }
  return parts.join("");
}
