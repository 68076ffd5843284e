/** Integer literals with at least this many digits are taken for ids: 64-bit ids have 16 or more. */
const ID_DIGITS = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
/** Characters that may continue a number literal after its integer part: `.`, `e`, `E`, `+`, `-`, digits. */
const isNumberTail = (code: number) =>
  isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === MINUS;

/**
 * Parses a response body with every long integer literal read as a string, so a 64-bit id
 * never loses digits to floating point. Ids already travel as strings (docs/product.md §7); this keeps
 * them so even if a bare one slips through.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(/\d{16}/.test(text) ? quoteLongIntegers(text) : text);
}

/** Wraps integer literals of {@link ID_DIGITS}+ digits outside strings in quotes. */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfString(text, i);
    } else if (code === MINUS || isDigit(code)) {
      const start = i;
      const digitsFrom = code === MINUS ? i + 1 : i;
      let end = digitsFrom;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      const isInteger = end >= text.length || !isNumberTail(text.charCodeAt(end));
      if (isInteger && end - digitsFrom >= ID_DIGITS) {
        out += `${text.slice(copied, start)}"${text.slice(start, end)}"`;
        copied = end;
      }
      i = end;
      while (i < text.length && isNumberTail(text.charCodeAt(i))) i++;
    } else {
      i++;
    }
  }
  return out + text.slice(copied);
}

/** Index just past the string literal opening at `start`. */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 2;
    else if (code === QUOTE) return i + 1;
    else i++;
  }
  return i;
}
