import { describe, expect, it } from 'vitest';
import { nextPageNum } from './paging';

describe('nextPageNum', () => {
  it('asks for the next page while the total is not reached', () => {
    expect(nextPageNum(32, 100, 1, 32)).toBe(2);
    expect(nextPageNum(32, 100, 3, 32)).toBe(4);
  });

  it('ends the list on an empty page or when the total is reached', () => {
    expect(nextPageNum(0, 100, 2, 32)).toBeUndefined();
    expect(nextPageNum(4, 100, 4, 32)).toBeUndefined();
    expect(nextPageNum(32, 64, 2, 32)).toBeUndefined();
  });
});
