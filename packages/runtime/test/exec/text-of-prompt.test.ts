// `text.of` of each kind of type writes exactly what a prompt's placeholder writes for it: a
// prompt with one placeholder per kind is sent, and each part of the text the model was sent is
// compared with `text.of` of the same value.
import { describe, expect, it } from "vitest";
import { projectOf } from "../../src/testing/project.ts";

const SOURCE = `
type Stars = Int { min: -5 max: 5 }
type Price = Decimal { min: -10 }
type Word = Text { max_length: 20 }
type Opened = Instant { personal: false }
type Lapse = Duration
type Tone = Enum { calm  quite_cross }

prompt show_all(i: Int, d: Decimal, t: Text, b: Bool, at: Instant, dur: Duration, tone: Tone, loc: Locale, s: Stars, p: Price, w: Word, o: Opened, l: Lapse) {
    text: "{i}|{d}|{t}|{b}|{at}|{dur}|{tone}|{loc}|{s}|{p}|{w}|{o}|{l}"
}

action show(v: ShowAll) -> Text {
    var streamed = ai.stream(v)
    return streamed.text
}

function written(v: ShowAll) -> Text {
    return text.join([
        text.of(v.i), text.of(v.d), text.of(v.t), text.of(v.b), text.of(v.at), text.of(v.dur), text.of(v.tone),
        text.of(v.loc), text.of(v.s), text.of(v.p), text.of(v.w), text.of(v.o), text.of(v.l),
    ], "|")
}
`;

const TESTS = `
test "text.of writes what a placeholder writes, for every kind of type" {
    var start = clock.now()
    var values = [
        ShowAll { i: 20  d: 1.5  t: "as is"  b: true  at: start  dur: 90s  tone: Tone.calm  loc: Locale.en_gb  s: 3  p: 2.0  w: "rye"  o: Opened(start)  l: 2m },
        ShowAll { i: -7  d: -0.0  t: ""  b: false  at: start + 7ms  dur: 1500ms  tone: Tone.quite_cross  loc: Locale.fr_fr  s: -0  p: -2.5  w: "😀 x"  o: Opened(start + 1h)  l: 0s },
        ShowAll { i: 9007199254740991  d: 0.0000001  t: "{braces}"  b: true  at: start - 1s  dur: 0s - 5s  tone: Tone.calm  loc: Locale.en_gb  s: 5  p: 1000000000000000000000.0  w: "é"  o: Opened(start + 2h)  l: 3h },
        ShowAll { i: -9007199254740991  d: 0.1 + 0.2  t: "a\\nb"  b: false  at: start + 123ms  dur: 2h  tone: Tone.quite_cross  loc: Locale.fr_fr  s: -5  p: 9.99  w: ""  o: Opened(start)  l: 1ms },
    ]
    for v in values {
        var shown = show(v)
        var sent = match list.last(ai.show_all.sent) {
            some(request) => request.text
            none => "nothing sent"
        }
        assert sent == written(v)
    }
    assert list.count(ai.show_all.sent) == 4
}

test "the texts themselves" {
    var start = clock.now()
    var v = ShowAll { i: -7  d: -0.0  t: "t"  b: false  at: start + 7ms  dur: 1500ms  tone: Tone.quite_cross  loc: Locale.fr_fr  s: -0  p: 0.0000001  w: "w"  o: Opened(start)  l: 90s }
    assert written(v) == "-7|0|t|false|2026-01-01T00:00:00.007Z|1500ms|quite_cross|fr-FR|0|1e-7|w|2026-01-01T00:00:00Z|90s"
}
`;

describe("text.of and prompt placeholders", () => {
  const p = projectOf({ "domains/show/show.jadpo": SOURCE, "domains/show/show.test.jadpo": TESTS });

  it("agree on every kind of type", async () => {
    expect(await p.fail("text.of writes what a placeholder writes, for every kind of type")).toBe("passed");
  });

  it("write numbers, instants and durations as a person reads them", async () => {
    expect(await p.fail("the texts themselves")).toBe("passed");
  });
});
