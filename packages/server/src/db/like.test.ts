import { describe, expect, it } from 'vitest';
import { prefixRange } from './like';

/** Byte order, as `~<~` compares texts. */
const bytes = (text: string) => Buffer.from(text, 'utf8');
const below = (a: string, b: string) => Buffer.compare(bytes(a), bytes(b)) < 0;

describe('prefixRange', () => {
  it('ends where the texts that start with the prefix end', () => {
    expect(prefixRange('ykj2')).toEqual({ from: 'ykj2', to: 'ykj3' });
    expect(prefixRange('演示')).toEqual({ from: '演示', to: '演礻' });
    // A code point past the BMP is one step, not two UTF-16 units.
    expect(prefixRange('a😀')).toEqual({ from: 'a😀', to: 'a😁' });
  });

  it('skips the surrogates and carries past the last code point', () => {
    expect(prefixRange('a\u{d7ff}').to).toBe('a\u{e000}');
    expect(prefixRange('ab\u{10ffff}').to).toBe('ac');
    expect(prefixRange('\u{10ffff}\u{10ffff}')).toEqual({ from: '\u{10ffff}\u{10ffff}', to: null });
  });

  it('holds every text that starts with the prefix and none other, in byte order', () => {
    const prefixes = ['ab', 'a\u{d7ff}', 'z\u{10ffff}', '星', 'é'];
    const texts = [
      'a',
      'ab',
      'ab\u0000',
      'abz',
      'ac',
      'a\u{d7ff}x',
      'a\u{e000}',
      'z\u{10ffff}q',
      '{',
      '星河',
      '星',
      'é1',
      'ê',
    ];
    for (const prefix of prefixes) {
      const { from, to } = prefixRange(prefix);
      for (const text of texts) {
        const inRange = !below(text, from) && (to === null || below(text, to));
        expect(inRange, `${JSON.stringify(text)} in ${JSON.stringify(prefix)}`).toBe(text.startsWith(prefix));
      }
    }
  });
});
