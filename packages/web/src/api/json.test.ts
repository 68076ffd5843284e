import { describe, expect, it } from 'vitest';
import { parseJson, quoteLongIntegers } from './json';

describe('parseJson', () => {
  it('reads bare 64-bit ids as strings, digit for digit', () => {
    const body = parseJson('{"code":200,"rows":[{"id":1234567890123456789,"modId":1}]}');
    expect(body).toEqual({ code: 200, rows: [{ id: '1234567890123456789', modId: 1 }] });
  });

  it('leaves ids that are already strings, short numbers, decimals and exponents alone', () => {
    const text = '{"id":"1234567890123456789","n":-12,"avg":1234567890123456.5,"e":12345678901234567e2}';
    expect(quoteLongIntegers(text)).toBe(text);
  });

  it('does not touch digits inside strings, escaped quotes included', () => {
    const text = '{"title":"say \\"1234567890123456789\\" 9999999999999999","x":[1234567890123456]}';
    expect(parseJson(text)).toEqual({
      title: 'say "1234567890123456789" 9999999999999999',
      x: ['1234567890123456'],
    });
  });

  it('quotes negative long integers and values at the end of the text', () => {
    expect(quoteLongIntegers('-1234567890123456789')).toBe('"-1234567890123456789"');
  });
});
