import { describe, expect, it } from 'vitest';
import { readLines, type SourceLine } from './json-lines';

async function collect(chunks: Array<string | Uint8Array>, maxChars?: number) {
  const lines: SourceLine[] = [];
  for await (const line of readLines(chunks, maxChars)) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('numbers lines, strips CRLF and a BOM, keeps a last line without newline', async () => {
    expect(await collect(['\uFEFFa\r\nb\n', '\nc'])).toEqual([
      { lineNo: 1, text: 'a' },
      { lineNo: 2, text: 'b' },
      { lineNo: 3, text: '' },
      { lineNo: 4, text: 'c' },
    ]);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('{"title":"夏日"}\n第二行\n');
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collect(chunks)).toEqual([
      { lineNo: 1, text: '{"title":"夏日"}' },
      { lineNo: 2, text: '第二行' },
    ]);
  });

  it('reports an overlong line without buffering it, and goes on', async () => {
    const long = 'x'.repeat(30);
    expect(await collect(['ok\n', long.slice(0, 12), long.slice(12), '\nnext\n', long], 20)).toEqual([
      { lineNo: 1, text: 'ok' },
      { lineNo: 2, error: '行过长：超过 20 个字符' },
      { lineNo: 3, text: 'next' },
      { lineNo: 4, error: '行过长：超过 20 个字符' },
    ]);
  });
});
