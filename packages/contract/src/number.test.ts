import { describe, expect, it } from 'vitest';
import { isNumberLike, isNumberPrefix, numberKey } from './number';

describe('numberKey', () => {
  it('gives every spelling of a number the same key', () => {
    const key = numberKey('SSIS-001');
    expect(key).toBe('SSIS1');
    for (const spelling of ['ssis001', 'ssis-00001', 'SSIS 001', 'ｓｓｉｓ－００１', 'ssis_1']) {
      expect(numberKey(spelling)).toBe(key);
    }
  });

  it('keeps digits that are not leading zeros, and a lone zero', () => {
    expect(numberKey('FC2-PPV-1203040')).toBe('FC2PPV1203040');
    expect(numberKey('010120-001')).toBe('010120001');
    expect(numberKey('010120_001')).toBe(numberKey('010120-001'));
    expect(numberKey('ABC-000')).toBe('ABC0');
  });
});

describe('isNumberLike / isNumberPrefix', () => {
  it('tells numbers from title words', () => {
    expect(isNumberLike('ssis001')).toBe(true);
    expect(isNumberLike('SSIS-001')).toBe(true);
    expect(isNumberLike('中文')).toBe(false);
    expect(isNumberLike('sample')).toBe(false);
    expect(isNumberPrefix('ssis')).toBe(true);
    expect(isNumberPrefix('ssis-')).toBe(true);
    expect(isNumberPrefix('中文')).toBe(false);
  });
});
