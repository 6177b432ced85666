// The 16-colour paint of the human reports, written out: what chalk 5 writes at level 1 for the
// few styles used, byte for byte (a property test compares the two), without loading chalk and
// its terminal detection at every start (colour is decided in terminal.ts anyway).
import type { Paint } from "@jadpo/compiler";

interface Style {
  open: string;
  close: string;
}

const style = (open: number, close: number): Style => ({ open: `\u001B[${open}m`, close: `\u001B[${close}m` });
const RED = style(31, 39);
const GREEN = style(32, 39);
const YELLOW = style(33, 39);
const CYAN = style(36, 39);
const BOLD = style(1, 22);
const DIM = style(2, 22);

/** `styles` outermost first, applied as chalk applies a chain such as `red.bold`. */
function painter(...styles: Style[]): (text: string) => string {
  const openAll = styles.map((s) => s.open).join("");
  const closeAll = styles.map((s) => s.close).reverse().join("");
  return (text) => {
    if (text === "") return text;
    let painted = text;
    // A style closed inside the text is opened again right after, innermost style first.
    if (painted.includes("\u001B")) {
      for (let i = styles.length - 1; i >= 0; i--) painted = painted.split(styles[i].close).join(styles[i].close + styles[i].open);
    }
    // Closed before each line break and opened after it, so a style never bleeds past a line.
    if (painted.includes("\n")) {
      painted = painted.replace(/\r?\n/g, (lineBreak) => closeAll + lineBreak + openAll);
    }
    return openAll + painted + closeAll;
  };
}

const errorRed = painter(RED, BOLD);

/** The 16-colour paint: made once, as it keeps no state. */
export const ansiPaint: Paint = {
  error: errorRed,
  bold: painter(BOLD),
  dim: painter(DIM),
  path: painter(CYAN),
  caret: errorRed,
  ok: painter(GREEN, BOLD),
  alert: painter(YELLOW, BOLD),
};
