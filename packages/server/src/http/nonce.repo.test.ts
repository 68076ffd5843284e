import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/connection';
import { createNonceRepo } from './nonce.repo';
import { databaseNonceStore, writeBehindNonceStore } from './nonce-stores';

const later = (ms: number) => Date.now() + ms;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('nonces in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('claims a nonce once, again after expiry, and sweeps expired ones', async () => {
    const store = databaseNonceStore(createNonceRepo(database.db));
    // Long enough that a slow machine cannot let it expire between the two claims.
    expect(await store.claim('nonce-aaaaaaaaaaaaaaaa', later(60_000))).toBe(true);
    expect(await store.claim('nonce-aaaaaaaaaaaaaaaa', later(60_000))).toBe(false);
    expect(await store.claim('nonce-bbbbbbbbbbbbbbbb', later(50))).toBe(true);
    await sleep(150);
    expect(await store.claim('nonce-bbbbbbbbbbbbbbbb', later(1))).toBe(true);
    await sleep(150);
    expect(await createNonceRepo(database.db).deleteExpired()).toBe(1);
  });

  it('gives one winner among parallel claims', async () => {
    const store = databaseNonceStore(createNonceRepo(database.db));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.claim('nonce-cccccccccccccccc', later(10_000))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('write-behind: decides in memory, persists on flush, and a new process still refuses replays', async () => {
    const repo = createNonceRepo(database.db);
    const first = writeBehindNonceStore(repo);
    await first.load();
    expect(await first.claim('nonce-dddddddddddddddd', later(60_000))).toBe(true);
    expect(await first.claim('nonce-dddddddddddddddd', later(60_000))).toBe(false);
    expect(await first.claim('nonce-eeeeeeeeeeeeeeee', later(1))).toBe(true);
    await first.flush();

    const restarted = writeBehindNonceStore(repo);
    await sleep(20);
    await restarted.load();
    expect(await restarted.claim('nonce-dddddddddddddddd', later(60_000))).toBe(false);
    expect(await restarted.claim('nonce-eeeeeeeeeeeeeeee', later(60_000))).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => restarted.claim('nonce-ffffffffffffffff', later(10_000))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
