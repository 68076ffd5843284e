import { describe, expect, it } from 'vitest';
import { bearerHeader, createDuplicateWriteGuard, needsAppId } from './call-rules';

describe('needsAppId (docs/product.md §7: auth, order and message calls)', () => {
  it.each([
    '/v2/user/login',
    '/v2/user/register',
    '/v2/user/captcha',
    '/v2/user/collect/cate/',
    '/v2/orders/submit',
    '/v2/orders/getOrderId/123',
    '/v2/message',
    '/v2/message/list',
    '/v2/message/data?x=1',
  ])('%s carries the app id', (path) => {
    expect(needsAppId(path)).toBe(true);
  });

  it.each(['/v2/works/detail/list', '/v2/dht/list', '/v2/app/vip/list', '/v2/messages', '/v2/username', '/'])(
    '%s does not',
    (path) => {
      expect(needsAppId(path)).toBe(false);
    },
  );
});

describe('bearerHeader', () => {
  it('sends a stored token and nothing otherwise', () => {
    expect(bearerHeader('abc')).toEqual({ authorization: 'Bearer abc' });
    expect(bearerHeader(undefined)).toEqual({});
    expect(bearerHeader('')).toEqual({});
  });
});

describe('duplicate-write guard (docs/product.md §5)', () => {
  function guardAt(start = 10_000) {
    const clock = { now: start };
    return { guard: createDuplicateWriteGuard(1_000, () => clock.now), clock };
  }

  it('refuses the identical write within the window and admits it after', () => {
    const { guard, clock } = guardAt();
    expect(guard.admit('POST', '/prod-api/v2/user/like', '{"a":1}')).toBe(true);
    clock.now += 999;
    expect(guard.admit('POST', '/prod-api/v2/user/like', '{"a":1}')).toBe(false);
    clock.now += 1;
    expect(guard.admit('POST', '/prod-api/v2/user/like', '{"a":1}')).toBe(true);
  });

  it('lets a different body, URL or method through', () => {
    const { guard } = guardAt();
    expect(guard.admit('POST', '/u', '{"a":1}')).toBe(true);
    expect(guard.admit('POST', '/u', '{"a":2}')).toBe(true);
    expect(guard.admit('POST', '/v', '{"a":1}')).toBe(true);
    expect(guard.admit('PUT', '/u', '{"a":1}')).toBe(true);
  });

  it('counts the window from the last write sent, not from a refused one', () => {
    const { guard, clock } = guardAt();
    expect(guard.admit('POST', '/u', '{}')).toBe(true);
    clock.now += 600;
    expect(guard.admit('POST', '/u', '{}')).toBe(false);
    clock.now += 400;
    expect(guard.admit('POST', '/u', '{}')).toBe(true);
  });
});
