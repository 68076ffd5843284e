import { describe, expect, it } from 'vitest';
import { magnetsParams } from './magnets-params';

describe('magnetsParams (docs/product.md §7)', () => {
  it('asks for the number with exactly the detail lookup params', () => {
    expect(magnetsParams('YKJ-263')).toEqual({
      keyword: 'YKJ-263',
      pageSize: 48,
      pageNum: 1,
      order: 'dht',
      data: 0,
      category: 'video',
      modId: 3,
      remark: 'dht',
    });
  });
});
