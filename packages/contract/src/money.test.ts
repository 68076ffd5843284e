import { describe, expect, it } from 'vitest';
import { centsOf, formatYuan, parsePrice, parseYuan, YUAN_TEXT } from './money';

describe('money: cents in, exact yuan text out', () => {
  it('reads yuan with up to two decimals as exact cents, as providers write them', () => {
    const good = {
      '45': 4500,
      '45.5': 4550,
      '45.50': 4550,
      '0.01': 1,
      '0.1': 10,
      '19.99': 1999,
      '398': 39800,
    };
    for (const [text, cents] of Object.entries(good)) expect(parseYuan(text), text).toBe(cents);
    // 0.07 * 100 is 7.000000000000001 in floating point; 0.29 * 100 is 28.999999999999996.
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('0.29')).toBe(29);
    expect(parseYuan('0')).toBe(0);
    for (const bad of ['', ' ', '1.', '.5', '01.00', '1e3', '1.234', ' 1.00', '-1', '45,5', '¥45', 'abc']) {
      expect(parseYuan(bad), bad).toBeNull();
    }
  });

  it('takes a typed price trimmed, above zero and within seven digits of yuan', () => {
    expect(parsePrice(' 88 ')).toBe(8800);
    expect(parsePrice('9999999.99')).toBe(999_999_999);
    for (const bad of ['0', '0.00', '12345678', '-1', '']) expect(parsePrice(bad), bad).toBeNull();
  });

  it('writes whole cents as yuan with two decimals, and nothing else', () => {
    expect(formatYuan(4500)).toBe('45.00');
    expect(formatYuan(19800)).toBe('198.00');
    expect(formatYuan(1)).toBe('0.01');
    expect(formatYuan(0)).toBe('0.00');
    expect(() => formatYuan(-1)).toThrow(RangeError);
    expect(() => formatYuan(1.5)).toThrow(RangeError);
    expect(() => formatYuan(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('reads the wire form back, and only it', () => {
    for (const cents of [1, 99, 100, 4550, 999_999_999]) {
      expect(YUAN_TEXT.test(formatYuan(cents))).toBe(true);
      expect(centsOf(formatYuan(cents))).toBe(cents);
    }
    for (const bad of ['45', '45.5', '045.00', '45.000']) expect(() => centsOf(bad), bad).toThrow(RangeError);
  });
});
