// How a source file's bytes become its text, for the parser and for code frames of cached
// diagnostics alike.

// Made once: decoding without `stream` keeps no state between calls.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** UTF-8 decoding; invalid bytes become U+FFFD and are reported by the lexer. */
export function decodeSource(input: string | Uint8Array): { text: string; badUtf8: boolean } {
  let text: string;
  let badUtf8 = false;
  if (typeof input === "string") text = input;
  else {
    try {
      text = strictUtf8.decode(input);
    } catch {
      text = lenientUtf8.decode(input);
      badUtf8 = true;
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // CRLF (Windows) and a lone CR (old Macs) both end a line.
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  return { text, badUtf8 };
}
