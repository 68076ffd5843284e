import { describe, expect, it } from 'vitest';
import { backWay, isValidDetailId } from './detail-id';

describe('isValidDetailId (docs/product.md §5)', () => {
  it('needs at least 16 characters', () => {
    expect(isValidDetailId('123')).toBe(false);
    expect(isValidDetailId('123456789012345')).toBe(false);
    expect(isValidDetailId('1234567890123456')).toBe(true);
    expect(isValidDetailId('1852889156812802997')).toBe(true);
    expect(isValidDetailId(undefined)).toBe(false);
  });
});

describe('backWay', () => {
  it('goes back inside the app when the router has an earlier entry', () => {
    expect(backWay({ idx: 2, key: 'k', usr: null }, 3)).toBe('in-app');
  });

  it('goes back to the previous document when the page was loaded directly', () => {
    expect(backWay({ idx: 0 }, 2)).toBe('document');
    expect(backWay(null, 3)).toBe('document');
  });

  it('goes home when there is nothing to go back to', () => {
    expect(backWay({ idx: 0 }, 1)).toBe('home');
    expect(backWay(undefined, 1)).toBe('home');
  });
});
