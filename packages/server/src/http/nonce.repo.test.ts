import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/connection';
import { createNonceRepo } from './nonce.repo';

describe('database nonce store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('claims a nonce once, again after expiry, and sweeps expired ones', async () => {
    const repo = createNonceRepo(database.db);
    expect(await repo.claim('nonce-aaaaaaaaaaaaaaaa', 100)).toBe(true);
    expect(await repo.claim('nonce-aaaaaaaaaaaaaaaa', 100)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await repo.claim('nonce-aaaaaaaaaaaaaaaa', 60_000)).toBe(true);
    expect(await repo.claim('nonce-bbbbbbbbbbbbbbbb', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await repo.deleteExpired()).toBe(1);
  });

  it('gives one winner among parallel claims', async () => {
    const repo = createNonceRepo(database.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => repo.claim('nonce-cccccccccccccccc', 10_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
