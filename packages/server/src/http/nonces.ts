import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection';
import { every } from '../lib/every';
import type { RedisLink } from '../redis/redis-link';
import { failoverNonceStore, NONCE_FAILOVER, type NonceLedger } from './nonce-failover';
import { openNonceJournal } from './nonce-journal';
import { createNonceRepo, type NonceRepo } from './nonce.repo';
import { databaseNonceStore, journalledNonceStore, redisNonceStore } from './nonce-stores';
import type { NonceStore } from './signing';

export interface NonceDeps {
  database: Database;
  dataDir: string;
  /** With REDIS_URL (or Sentinel): Redis decides while it answers (decision 080). */
  redis?: { link: RedisLink; keyPrefix: string } | undefined;
}

/**
 * The app's one nonce store (decision 004): the database's without Redis; with Redis, Redis's
 * with the database's as its fallback, which keeps replays refused across an outage and back
 * (decision 080). Its background work runs and stops with the app.
 */
export async function createNonceStore(app: FastifyInstance, deps: NonceDeps): Promise<NonceStore> {
  const repo = createNonceRepo(deps.database.db);
  const database = await databaseNonces(app, repo, deps.database, deps.dataDir);
  if (!deps.redis) return database.store;
  const ledger: NonceLedger = {
    claim: (nonce, expiresAt) => database.store.claim(nonce, expiresAt),
    record: database.record,
    raiseFallback: (holdMs) => repo.raiseFallback(holdMs),
    fallbackRaised: () => repo.fallbackRaised(),
  };
  const { link, keyPrefix } = deps.redis;
  const store = failoverNonceStore(link, redisNonceStore(link.client, keyPrefix), ledger);
  await store.start();
  every(app, NONCE_FAILOVER.tickMs, 'nonce copies', () => store.tick());
  // Before the journal closes (onClose hooks run last added first): the last copies go in it.
  app.addHook('onClose', () => store.flush());
  return store;
}

/**
 * Nonces in the database: on PostgreSQL claimed row by row (every instance sees them at once);
 * on PGlite, which only this process can open, claimed in memory and journalled to a file in
 * DATA_DIR at once. `record` writes copies of claims Redis decided.
 */
async function databaseNonces(
  app: FastifyInstance,
  repo: NonceRepo,
  database: Database,
  dataDir: string,
): Promise<{ store: NonceStore; record: NonceLedger['record'] }> {
  if (database.kind === 'postgres') {
    every(app, 60_000, 'nonce sweep', () => repo.deleteExpired());
    return { store: databaseNonceStore(repo), record: (claims) => repo.recordAll(claims) };
  }
  const journal = dataDir.startsWith('memory://')
    ? undefined
    : openNonceJournal(path.join(dataDir, 'nonce-journal'));
  const store = journalledNonceStore(repo, journal);
  await store.load();
  // A minute's nonces per journal file; forgetting the expired ones walks them all.
  every(app, 60_000, 'nonce sweep', async () => store.sweep());
  app.addHook('onClose', async () => journal?.close());
  const record = async (claims: Array<{ nonce: string; expiresAt: number }>) => {
    for (const { nonce, expiresAt } of claims) await store.claim(nonce, expiresAt);
  };
  return { store, record };
}
