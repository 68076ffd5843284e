import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisNonceStore } from './nonce-stores';

// Runs where Redis is configured (CI sets REDIS_URL when one answers on 127.0.0.1:6379).
const url = process.env.REDIS_URL;

describe.skipIf(!url)('nonces in Redis', () => {
  const redis = new Redis(url ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const store = redisNonceStore(redis);
  afterAll(() => redis.disconnect());

  it('claims a nonce once, and again only after it expires', async () => {
    const nonce = randomBytes(12).toString('hex');
    expect(await store.claim(nonce, Date.now() + 60_000)).toBe(true);
    expect(await store.claim(nonce, Date.now() + 60_000)).toBe(false);
    const brief = randomBytes(12).toString('hex');
    expect(await store.claim(brief, Date.now() + 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.claim(brief, Date.now() + 60_000)).toBe(true);
  });

  it('gives one winner among parallel claims', async () => {
    const nonce = randomBytes(12).toString('hex');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.claim(nonce, Date.now() + 10_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
