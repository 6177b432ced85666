// The library (docs/language.md) and fixtures, as tests see them.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";

const SOURCE = `
type Word = Text { min_length: 1 }
type Score = Int { min: 0 max: 10 }
type Card = Object {
    title: Word
    score: Score
    tags: List<Text>
}

fixtures cards {
    plain -> Card {
        return Card { title: "plain"  score: 1  tags: [] }
    }
    titled(title: Word, score: Score) -> Card {
        return Card { title: title  score: score  tags: ["fixture"] }
    }
}

function total(cards: List<Card>) -> Int {
    var mut sum = 0
    for card in cards {
        sum = sum + card.score
    }
    return sum
}
`;

const TESTS = `
test "lists" {
    var xs = [3, 1, 2]
    assert list.count(xs) == 3
    assert list.first(xs) == 3
    assert list.first([]) == none
    assert list.get(xs, 2) == 2
    assert list.get(xs, 3) == none
    assert list.get(xs, -1) == none
    assert list.is_empty([])
    assert not list.is_empty(xs)
    assert list.contains(xs, 2)
    assert not list.contains(xs, 5)
    assert list.append(xs, 4) == [3, 1, 2, 4]
    assert xs == [3, 1, 2]
}

test "texts count code points" {
    assert text.length("héllo") == 5
    assert text.length("👍🏽") == 2
    assert text.contains("sourdough", "dough")
    assert text.starts_with("sourdough", "sour")
    assert text.lower("SeSaMe") == "sesame"
    assert text.upper("rye") == "RYE"
    assert text.trim("  loaf \\n") == "loaf"
    assert text.join(["a", "b", "c"], ", ") == "a, b, c"
    assert "sour" + "dough" == "sourdough"
}

test "fixtures" {
    var a = cards.plain
    var b = cards.titled("rye", 7)
    assert a.title == "plain"
    assert b.tags == ["fixture"]
    assert total([a, b, cards.titled("spelt", 2)]) == 10
    assert list.contains([a, b], cards.titled("rye", 7))
}

test "a record printed in a failure" {
    assert cards.titled("rye", 7) == cards.plain
}

test "the innermost test statement is where a fault points" {
    for n in [1, 2] {
        if n == 2 {
            var x = 10 / (n - 2)
        }
    }
}
`;

describe("library and fixtures", () => {
  const p = projectOf({ "domains/cards/cards.jadpo": SOURCE, "domains/cards/cards.test.jadpo": TESTS });

  it.each(["lists", "texts count code points", "fixtures"])("%s", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("prints records with their type and lists as list literals", async () => {
    const result = await p.run("a record printed in a failure");
    expect(result.diagnostics[0].details).toEqual([
      { label: "assert", text: 'cards.titled("rye", 7) == cards.plain' },
      { label: "got", text: 'Card { title: "rye"  score: 7  tags: ["fixture"] }' },
      { label: "expected", text: 'Card { title: "plain"  score: 1  tags: [] }' },
      {
        label: "diff",
        text: [
          "(- expected, + got)",
          "      Card {",
          '    -   title: "plain"',
          '    +   title: "rye"',
          "    -   score: 1",
          "    +   score: 7",
          "        tags: [",
          '    +     "fixture"',
          "        ]",
          "      }",
        ].join("\n"),
      },
    ]);
    expect(result.kind).toBe("test");
  });

  it("points a fault at the statement that raised it", async () => {
    const result = await p.run("the innermost test statement is where a fault points");
    expect(result.diagnostics[0].rule).toBe("runtime.fault");
    expect(result.diagnostics[0].span?.line).toBe(lineOf(TESTS, "var x = 10 / (n - 2)"));
  });
});
