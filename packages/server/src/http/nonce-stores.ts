import type { Redis } from 'ioredis';
import type { NonceJournal } from './nonce-journal';
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

export interface JournalledNonceStore extends NonceStore {
  /**
   * Loads the nonces a previous run left unexpired: the journal's, and those a version before
   * the journal alone (decision 004) left in the table.
   */
  load(): Promise<void>;
  /** Forgets expired nonces, and starts a new journal file, deleting the expired ones. */
  sweep(): void;
}

/**
 * PGlite: the embedded database belongs to this one process, so claims are decided in memory
 * and recorded in the journal (one write() to a file in DATA_DIR) before the request goes on;
 * at start the journal is read again, so a replay is refused after a restart — also after a
 * kill -9 a moment after the answer. No database write at all: a write per request would halve
 * the embedded database's throughput, and even one batched INSERT a second stalled every
 * request behind it on PGlite's one thread (decision 004). Without a journal (an in-memory
 * database, gone with the process anyway) claims are kept in memory only.
 */
export function journalledNonceStore(repo: NonceRepo, journal?: NonceJournal): JournalledNonceStore {
  const held = new Map<string, number>();
  return {
    async claim(nonce, expiresAt) {
      const until = held.get(nonce);
      if (until !== undefined && until >= Date.now()) return false;
      held.set(nonce, expiresAt);
      journal?.append({ nonce, expiresAt });
      return true;
    },
    async load() {
      for (const { nonce, expiresAt } of await repo.listUnexpired()) held.set(nonce, expiresAt.getTime());
      await repo.deleteExpired();
      const now = Date.now();
      for (const { nonce, expiresAt } of journal?.readAll() ?? []) {
        if (expiresAt >= now) held.set(nonce, Math.max(expiresAt, held.get(nonce) ?? 0));
      }
    },
    sweep() {
      const now = Date.now();
      for (const [nonce, until] of held) if (until < now) held.delete(nonce);
      journal?.rotate(now);
    },
  };
}
