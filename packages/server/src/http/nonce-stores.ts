import type { Redis } from 'ioredis';
import type { JournalEntry, NonceJournal } from './nonce-journal';
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
  /** Loads the nonces a previous run left unexpired: in the table, and in the journal. */
  load(): Promise<void>;
  /** Writes the claims of the last interval to the database and forgets expired ones. */
  flush(): Promise<void>;
}

/**
 * PGlite: the embedded database belongs to this one process, so claims are decided in memory,
 * recorded in the journal (one write() to a file in DATA_DIR) before the request goes on, and
 * written to the table once per flush in a single statement. At start the table and whatever
 * the journal holds are loaded again, so a replay is refused after a restart — also after a
 * kill -9 a moment after the answer. A database write per request would halve the embedded
 * database's throughput (docs/decisions/004-request-signing.md). Without a journal (an
 * in-memory database) claims are kept from one flush to the next only.
 */
export function writeBehindNonceStore(repo: NonceRepo, journal?: NonceJournal): WriteBehindNonceStore {
  const held = new Map<string, number>();
  let pending: JournalEntry[] = [];
  const save = async (entries: JournalEntry[]) => {
    for (let i = 0; i < entries.length; i += FLUSH_CHUNK) {
      await repo.saveMany(
        entries.slice(i, i + FLUSH_CHUNK).map((e) => ({ nonce: e.nonce, expiresAt: new Date(e.expiresAt) })),
      );
    }
  };
  return {
    async claim(nonce, expiresAt) {
      const now = Date.now();
      const until = held.get(nonce);
      if (until !== undefined && until >= now) return false;
      held.set(nonce, expiresAt);
      const entry = { nonce, expiresAt };
      journal?.append(entry);
      pending.push(entry);
      return true;
    },
    async load() {
      for (const { nonce, expiresAt } of await repo.listUnexpired()) held.set(nonce, expiresAt.getTime());
      if (!journal) return;
      const now = Date.now();
      const left = journal.readAll().filter((e) => e.expiresAt >= now);
      for (const { nonce, expiresAt } of left) held.set(nonce, Math.max(expiresAt, held.get(nonce) ?? 0));
      const release = journal.rotate();
      await save(left);
      release();
    },
    async flush() {
      // The new file and the batch are cut at the same moment: every nonce of the older files
      // is in this batch, so they may go once it is in the table.
      const release = journal?.rotate();
      const batch = pending;
      pending = [];
      try {
        await save(batch);
      } catch (error) {
        pending = batch.concat(pending); // still in the journal: tried again with the next flush
        throw error;
      }
      release?.();
      const now = Date.now();
      for (const [nonce, until] of held) if (until < now) held.delete(nonce);
      await repo.deleteExpired();
    },
  };
}
