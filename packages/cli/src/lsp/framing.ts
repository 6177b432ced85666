// The base protocol's framing, read from a byte stream: `Name: value` header lines ending in
// CRLF, a blank line, then exactly Content-Length bytes of JSON. vscode-jsonrpc's own reader
// stays silent and out of step after one bad frame (a header without a length, a wrong length,
// LF-only lines), so every later message is misread and the server goes deaf. This one reports
// each fault: after most it skips to the next `Content-Length:` and goes on; after a header or a
// length too large to hold it gives up, since nothing after it can be trusted.

/** What one chunk of input gave, in order. */
export type FrameEvent =
  | { kind: "message"; message: unknown }
  /** A malformed frame, skipped: reading goes on at the next `Content-Length:` header. */
  | { kind: "skipped"; problem: string }
  /** A frame that can't be skipped reliably: nothing more is read. */
  | { kind: "fatal"; problem: string };

/** Far above any header an editor sends (a few dozen bytes); a 10 KB one is still read. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** A document at the compiler's 16 MiB file limit fits even with every character escaped. */
export const MAX_CONTENT_BYTES = 128 * 1024 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const RESYNC = Buffer.from("content-length:", "latin1");
/** RFC 9110 token characters, for a header's name. */
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;

export class FrameDecoder {
  private buffer = Buffer.alloc(0);
  private start = 0; // unread bytes are buffer[start, end)
  private end = 0;
  private scanned = 0; // bytes after `start` already searched for the header's end
  private bodyLength: number | null = null; // once the header is read, `start` is at the body
  private resyncing = false;
  private stopped = false;

  push(chunk: Uint8Array): FrameEvent[] {
    if (this.stopped) return [];
    this.append(chunk);
    const events: FrameEvent[] = [];
    for (;;) {
      const event = this.next();
      if (event === null) return events;
      events.push(event);
      if (event.kind === "fatal") {
        this.stopped = true;
        this.buffer = Buffer.alloc(0);
        return events;
      }
    }
  }

  /** The next event the buffered bytes give, or null when more bytes are needed. */
  private next(): FrameEvent | null {
    for (;;) {
      if (this.resyncing && !this.resync()) return null;
      if (this.bodyLength === null) {
        const header = this.readHeader();
        if (header === null) return null;
        if (header.kind !== "length") return header;
        this.bodyLength = header.length;
      }
      if (this.end - this.start < this.bodyLength) return null;
      const text = this.buffer.toString("utf8", this.start, this.start + this.bodyLength);
      const length = this.bodyLength;
      this.bodyLength = null;
      try {
        const message: unknown = JSON.parse(text);
        this.consume(length);
        return { kind: "message", message };
      } catch {
        // A wrong Content-Length shows up here: too short cuts the JSON, too long swallows the
        // start of the next frame. Its header may be inside these bytes, so look from their start.
        return this.skip(`a message body of ${length} bytes is not valid JSON (is its Content-Length right?)`, this.start);
      }
    }
  }

  /** Reads the header at `start`: the body's length, an event, or null when it isn't all here. */
  private readHeader(): { kind: "length"; length: number } | FrameEvent | null {
    const from = this.start;
    let headerEnd = -1;
    for (let i = from + this.scanned; i < this.end; i++) {
      const byte = this.buffer[i];
      if (byte === LF) {
        if (i === from || this.buffer[i - 1] !== CR) return this.skip("a header line ends in a bare LF, not CRLF", from + 1);
        if (i - from >= 3 && this.buffer[i - 2] === LF) {
          headerEnd = i + 1;
          break;
        }
      } else if (byte === CR && i + 1 < this.end && this.buffer[i + 1] !== LF) {
        return this.skip("a header line has a CR without an LF after it", from + 1);
      }
    }
    const size = headerEnd < 0 ? this.end - from : headerEnd - from;
    if (size > MAX_HEADER_BYTES) return { kind: "fatal", problem: `a message header of more than ${MAX_HEADER_BYTES} bytes with no blank line ending it` };
    if (headerEnd < 0) {
      // The last bytes may be the start of the blank line: look at them again.
      this.scanned = Math.max(0, this.end - from - 3);
      return null;
    }
    this.scanned = 0;
    // A bad header is skipped whole, since the next frame can't start inside it; but a bad first
    // line may be the rest of a body whose Content-Length was too small, before a good header.
    let length: string | undefined;
    const lines = headerEnd - 4 === from ? [] : this.buffer.toString("latin1", from, headerEnd - 4).split("\r\n");
    for (const [index, line] of lines.entries()) {
      const header = HEADER_LINE.exec(line);
      if (!header) return this.skip(`a header line is not \`Name: value\`: ${printable(line)}`, index === 0 ? from + 1 : headerEnd);
      if (header[1].toLowerCase() !== "content-length") continue; // Content-Type: UTF-8 JSON is all the protocol has
      if (length !== undefined && length !== header[2]) return this.skip(`a message header has two Content-Length headers (${printable(length)}, ${printable(header[2])})`, headerEnd);
      length = header[2];
    }
    if (length === undefined) return this.skip("a message header has no Content-Length header", headerEnd);
    if (!/^\d+$/.test(length)) return this.skip(`Content-Length \`${printable(length)}\` is not a number of bytes`, headerEnd);
    if (Number(length) > MAX_CONTENT_BYTES) {
      return { kind: "fatal", problem: `Content-Length ${printable(length)} is over the limit of ${MAX_CONTENT_BYTES / 1024 / 1024} MiB a message may have` };
    }
    this.consume(headerEnd - from);
    return { kind: "length", length: Number(length) };
  }

  /** Reports a malformed frame and looks for the next `Content-Length:` from `from`. */
  private skip(problem: string, from: number): FrameEvent {
    this.start = Math.min(from, this.end);
    this.scanned = 0;
    this.bodyLength = null;
    this.resyncing = true;
    return { kind: "skipped", problem };
  }

  /** Drops bytes up to the next `Content-Length:`; false (keeping a possible start of one) when none is here yet. */
  private resync(): boolean {
    for (let i = this.start; i + RESYNC.length <= this.end; i++) {
      let j = 0;
      while (j < RESYNC.length && (this.buffer[i + j] | 0x20) === RESYNC[j]) j++;
      if (j === RESYNC.length) {
        this.start = i;
        this.resyncing = false;
        return true;
      }
    }
    this.start = Math.max(this.start, this.end - (RESYNC.length - 1));
    return false;
  }

  private consume(bytes: number): void {
    this.start += bytes;
    if (this.start === this.end) this.start = this.end = 0;
  }

  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buffer.length) {
      // Move what is unread to the front, in a larger buffer when it must grow: each byte is
      // copied a bounded number of times however the input is cut.
      const unread = this.end - this.start;
      const size = Math.max(this.buffer.length, 2 * (unread + chunk.length), 64 * 1024);
      const next = size === this.buffer.length ? this.buffer : Buffer.allocUnsafe(size);
      this.buffer.copy(next, 0, this.start, this.end);
      this.buffer = next;
      this.start = 0;
      this.end = unread;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }
}

/** A header's text for a log line: short, one line. */
function printable(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text).slice(1, -1);
}
