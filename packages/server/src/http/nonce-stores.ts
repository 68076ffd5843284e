import type { Redis } from 'ioredis';
import type { NonceRepo } from './nonce.repo';
import type { NonceStore } from './signing';

/**
 * PostgreSQL: each claim is one `INSERT … ON CONFLICT`, so every server instance sees every
 * nonce at once.
 */
export function databaseNonceStore(repo: NonceRepo): NonceStore {
  return { claim: (nonce, expiresAt) => repo.claim(nonce, new Date(expiresAt)) };
}

/**
 * Redis (`SET NX PX`), shared by every instance when REDIS_URL is set. Keys are
 * `<REDIS_KEY_PREFIX>nonce:<nonce>`.
 */
export function redisNonceStore(redis: Redis, keyPrefix = 'yingku:'): NonceStore {
  return {
    async claim(nonce, expiresAt) {
      const ttl = Math.max(1, expiresAt - Date.now());
      return (await redis.set(`${keyPrefix}nonce:${nonce}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
  };
}

/** Rows per INSERT (two parameters each, well under PostgreSQL's 65535). */
const FLUSH_CHUNK = 5000;

export interface WriteBehindNonceStore extends NonceStore {
  /** Loads the nonces a previous run left unexpired. */
  load(): Promise<void>;
  /** Writes the claims of the last interval to the database and forgets expired ones. */
  flush(): Promise<void>;
}

/**
 * PGlite: the embedded database belongs to this one process, so claims are decided in memory
 * and written to the table once per flush (a single statement), and loaded again at start — a
 * restart still refuses a replay. A write per read request would halve the embedded
 * database's throughput (DESIGN.md; docs/decisions/004-request-signing.md).
 */
export function writeBehindNonceStore(repo: NonceRepo): WriteBehindNonceStore {
  const held = new Map<string, number>();
  let pending: Array<{ nonce: string; expiresAt: Date }> = [];
  return {
    async claim(nonce, expiresAt) {
      const now = Date.now();
      const until = held.get(nonce);
      if (until !== undefined && until >= now) return false;
      held.set(nonce, expiresAt);
      pending.push({ nonce, expiresAt: new Date(expiresAt) });
      return true;
    },
    async load() {
      for (const { nonce, expiresAt } of await repo.listUnexpired()) held.set(nonce, expiresAt.getTime());
    },
    async flush() {
      const batch = pending;
      pending = [];
      for (let i = 0; i < batch.length; i += FLUSH_CHUNK)
        await repo.saveMany(batch.slice(i, i + FLUSH_CHUNK));
      const now = Date.now();
      for (const [nonce, until] of held) if (until < now) held.delete(nonce);
      await repo.deleteExpired();
    },
  };
}
