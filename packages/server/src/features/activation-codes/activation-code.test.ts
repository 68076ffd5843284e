import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  generateCode,
  groupCode,
  hashCode,
  normaliseCode,
} from './activation-code';

const SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}(-[0-9A-HJKMNP-TV-Z]{5}){2}$/;

describe('activation codes', () => {
  it('uses Crockford base32: 32 symbols without I, L, O and U', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    // 26 symbols of 5 bits each: at least 128 bits of entropy.
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(128);
  });

  it('shows 26 symbols in dash-separated groups of 4 and 5', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toMatch(SHAPE);
      expect(code.replace(/-/g, '')).toHaveLength(CODE_LENGTH);
    }
    expect(groupCode('ABCDEFGHJKMNPQRSTVWXYZ0123')).toBe('ABCD-EFGH-JKMN-PQRS-TVWXY-Z0123');
  });

  it('never repeats and uses every symbol in every position (the random bits reach them all)', () => {
    const codes = Array.from({ length: 3000 }, () => normaliseCode(generateCode()));
    expect(new Set(codes).size).toBe(codes.length);
    for (let position = 0; position < CODE_LENGTH; position++) {
      const seen = new Set(codes.map((code) => code[position]));
      // Missing a symbol by chance: 32 × (31/32)^3000 ≈ 10^-40.
      expect(seen.size, `position ${position}`).toBe(32);
    }
  });

  it('normalises what people type: case, spaces, dashes and look-alike letters', () => {
    expect(normaliseCode(' 1p2b-ka47 nv40-prkd\tt2yr3-c45jh ')).toBe('1P2BKA47NV40PRKDT2YR3C45JH');
    expect(normaliseCode('O0o-IiLl1')).toBe('00011111');
    expect(normaliseCode('U')).toBe('U');
  });

  it('stores SHA-256 of the normal form, hex, the same for every way of typing a code', () => {
    const code = '1P2B-KA40-NV40-PRKD-T2YR3-C41JH';
    const expected = createHash('sha256').update('1P2BKA40NV40PRKDT2YR3C41JH').digest('hex');
    expect(hashCode(code)).toBe(expected);
    expect(hashCode('1p2bka4onv4oprkdt2yr3c4ljh')).toBe(expected);
    expect(hashCode(' 1P2B KA40 NV40 PRKD T2YR3 C4IJH')).toBe(expected);
    expect(hashCode('1P2B-KA40-NV40-PRKD-T2YR3-C41JJ')).not.toBe(expected);
  });
});
