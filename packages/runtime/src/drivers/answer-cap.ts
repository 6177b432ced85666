// The connection's `max_answer` at the wire (docs/ai.md): a response body is read only up to a
// bound, past which the read fails and the connection is dropped, so an answer of any size costs
// at most that much memory and time. The answer's text is then checked against `max_answer` itself.

/** The read stopped: the body is longer than a `max_answer` answer can be. */
export class AnswerTooLong extends Error {
  constructor(readonly maxAnswerBytes: number) {
    super(`the model's answer is longer than max_answer (${maxAnswerBytes} bytes)`);
    this.name = "AnswerTooLong";
  }
}

/** The AnswerTooLong an SDK error carries (the SDK wraps what fetch throws), or null. */
export function answerTooLong(e: unknown): AnswerTooLong | null {
  let at: unknown = e;
  for (let depth = 0; depth < 5 && at instanceof Error; depth++) {
    if (at instanceof AnswerTooLong) return at;
    at = (at as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The most body bytes a JSON response can take to carry `maxAnswerBytes` of text: JSON writes
 * one byte of text as at most 6 (`\u0001`), and the envelope around it is small.
 */
export function bodyBound(maxAnswerBytes: number, extra = 0): number {
  return maxAnswerBytes * 6 + 64 * 1024 + extra;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * `inner`, with each response body cut off past `maxBodyBytes`: reading further fails with
 * AnswerTooLong. `per: "line"` bounds each line instead (a stream of events, whose text is
 * counted as it arrives): no single event is buffered past the bound.
 */
export function cappedFetch(inner: Fetch, maxBodyBytes: number, maxAnswerBytes: number, per: "body" | "line" = "body"): Fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const declared = Number(res.headers.get("content-length") ?? "");
    if (per === "body" && Number.isFinite(declared) && declared > maxBodyBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new AnswerTooLong(maxAnswerBytes);
    }
    if (res.body === null) return res;
    const reader = res.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const newline = per === "line" ? value.lastIndexOf(0x0a) : -1;
        seen = newline === -1 ? seen + value.byteLength : value.byteLength - newline - 1;
        if (seen > maxBodyBytes) {
          // Not another byte: the server's socket is closed with the read.
          void reader.cancel().catch(() => undefined);
          return controller.error(new AnswerTooLong(maxAnswerBytes));
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** Whether `text` is longer than `maxAnswerBytes` in UTF-8. */
export function overMaxAnswer(text: string, maxAnswerBytes: number): boolean {
  // A UTF-16 unit is at most 3 bytes of UTF-8: most texts are decided without counting.
  if (text.length * 3 <= maxAnswerBytes) return false;
  if (text.length > maxAnswerBytes) return true;
  return Buffer.byteLength(text, "utf8") > maxAnswerBytes;
}
