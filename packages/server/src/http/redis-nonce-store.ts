import type { Redis } from 'ioredis';
import type { NonceStore } from './signing';

/** Nonces in Redis (`SET NX PX`), shared by every server instance when REDIS_URL is set. */
export function createRedisNonceStore(redis: Redis): NonceStore {
  return {
    async claim(nonce, ttlMs) {
      return (await redis.set(`yingku:nonce:${nonce}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}
