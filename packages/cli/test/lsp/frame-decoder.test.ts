// The framing reader on its own: however the input is cut into chunks (here down to one byte at
// a time), it gives the same messages and reports each malformed frame once.
import { expect, test } from "vitest";
import { FrameDecoder, type FrameEvent } from "../../src/lsp/framing.ts";

const frame = (message: unknown, extra = "") => {
  const body = JSON.stringify(message);
  return `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

/** Feeds `text` in chunks of `size` bytes. */
function decode(text: string, size: number): FrameEvent[] {
  const bytes = Buffer.from(text, "utf8");
  const decoder = new FrameDecoder();
  const events: FrameEvent[] = [];
  for (let i = 0; i < bytes.length; i += size) events.push(...decoder.push(bytes.subarray(i, i + size)));
  return events;
}

const SIZES = [1, 2, 3, 7, 64, 1 << 20];

test("well-formed frames, cut anywhere, give their messages", () => {
  const messages = [{ id: 1, method: "a", params: { text: "é😀\r\n\r\nContent-Length: 5" } }, { id: 2 }, [], "x".repeat(70_000)];
  const text = messages.map((m) => frame(m)).join("") + frame({ id: 3 }, "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n");
  for (const size of SIZES) {
    expect(decode(text, size)).toEqual([...messages, { id: 3 }].map((message) => ({ kind: "message", message })));
  }
});

test.each([
  ["Foo: bar\r\n\r\n{}", "a message header has no Content-Length header"],
  ["\r\n\r\n", "a message header has no Content-Length header"],
  ["Content-Length: abc\r\n\r\n{}", "Content-Length `abc` is not a number of bytes"],
  ["Content-Length: 2\n\n{}", "a header line ends in a bare LF, not CRLF"],
  ["Content-Length: 2\rX\r\n\r\n{}", "a header line has a CR without an LF after it"],
  ["Content-Length: -5\r\n\r\n", "Content-Length `-5` is not a number of bytes"],
  ["Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "a message header has two Content-Length headers (2, 3)"],
  ["Foo\r\n\r\n", "a header line is not `Name: value`: Foo"],
  ["Content-Length: 5\r\n\r\n{}", "a message body of 5 bytes is not valid JSON (is its Content-Length right?)"],
])("%j is reported once and the next frame is read", (bad, problem) => {
  for (const size of SIZES) {
    expect(decode(bad + frame({ id: 1 }) + frame({ id: 2 }), size)).toEqual([
      { kind: "skipped", problem },
      { kind: "message", message: { id: 1 } },
      { kind: "message", message: { id: 2 } },
    ]);
  }
});

test("a length too short or too long loses only its own message", () => {
  const body = JSON.stringify({ id: "bad", method: "x" });
  for (const wrong of [-10, 50]) {
    for (const size of SIZES) {
      const events = decode(`Content-Length: ${Buffer.byteLength(body) + wrong}\r\n\r\n${body}` + frame({ id: 1 }) + frame({ id: 2 }), size);
      expect(events.map((e) => e.kind)).toEqual(["skipped", "message", "message"]);
      expect(events.slice(1)).toEqual([{ kind: "message", message: { id: 1 } }, { kind: "message", message: { id: 2 } }]);
    }
  }
});

test("the rest of a body whose Content-Length was too small is skipped up to the next header", () => {
  for (const size of SIZES) {
    expect(decode(`Content-Length: 7\r\n\r\n{"a":1}, "more": 2}${frame({ id: 1 })}`, size)).toEqual([
      { kind: "message", message: { a: 1 } },
      { kind: "skipped", problem: 'a header line is not `Name: value`: , \\"more\\": 2}Content-Length: 8' },
      { kind: "message", message: { id: 1 } },
    ]);
  }
});

test.each([
  ["Content-Length: 9007199254740993\r\n\r\n", "Content-Length 9007199254740993 is over the limit of 128 MiB a message may have"],
  [`Content-Length: ${128 * 1024 * 1024 + 1}\r\n\r\n`, "Content-Length 134217729 is over the limit of 128 MiB a message may have"],
  [`X-Padding: ${"a".repeat(100_000)}`, "a message header of more than 65536 bytes with no blank line ending it"],
])("%# a frame past the limits stops the reader", (bad, problem) => {
  for (const size of [1, 4096, 1 << 20]) {
    expect(decode(bad + frame({ id: 1 }), size)).toEqual([{ kind: "fatal", problem }]);
  }
});

test("a header just under the limit is read", () => {
  const padding = `X-Padding: ${"a".repeat(60_000)}\r\n`;
  expect(decode(frame({ id: 1 }, padding), 4096)).toEqual([{ kind: "message", message: { id: 1 } }]);
});
