/** One line of a JSON Lines source, numbered from 1; `error` when the line could not be kept. */
export type SourceLine = { lineNo: number; text: string } | { lineNo: number; error: string };

/** No import line comes near this (500 image paths of 1000 characters, twice, is 1M). */
export const MAX_LINE_CHARS = 4 * 1024 * 1024;

/**
 * Splits a byte or text stream (a file, an upload) into numbered lines, decoding UTF-8 across
 * chunk boundaries. Tolerates CRLF and a leading BOM. A line longer than `maxChars` is not
 * buffered: it is reported as an error and skipped, so a hostile upload cannot exhaust memory.
 */
export async function* readLines(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  maxChars: number = MAX_LINE_CHARS,
): AsyncGenerator<SourceLine> {
  const decoder = new TextDecoder('utf-8');
  const tooLong = (lineNo: number): SourceLine => ({ lineNo, error: `行过长：超过 ${maxChars} 个字符` });
  const clean = (lineNo: number, text: string): SourceLine => {
    const bare = text.endsWith('\r') ? text.slice(0, -1) : text;
    return { lineNo, text: lineNo === 1 && bare.startsWith('\uFEFF') ? bare.slice(1) : bare };
  };
  let pending = '';
  let skipping = false;
  let lineNo = 0;

  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lineNo += 1;
      const line = pending + text.slice(start, end);
      start = end + 1;
      pending = '';
      if (skipping || line.length > maxChars) {
        skipping = false;
        yield tooLong(lineNo);
      } else {
        yield clean(lineNo, line);
      }
    }
    if (!skipping) {
      pending += text.slice(start);
      if (pending.length > maxChars) {
        skipping = true;
        pending = '';
      }
    }
  }
  const tail = pending + decoder.decode();
  if (skipping) yield tooLong(lineNo + 1);
  else if (tail.length > 0) yield clean(lineNo + 1, tail);
}
