import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/connection';
import { createNonceRepo } from './nonce.repo';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openNonceJournal } from './nonce-journal';
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

  it('journalled: a claim is kept before any flush, and a flush empties the journal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yingku-journal-'));
    try {
      const repo = createNonceRepo(database.db);
      const journal = openNonceJournal(dir);
      const first = writeBehindNonceStore(repo, journal);
      await first.load();
      expect(await first.claim('nonce-jjjjjjjjjjjjjjjj', later(60_000))).toBe(true);
      // No flush, no close: the process is gone (kill -9), its journal file stays.
      const restarted = writeBehindNonceStore(repo, openNonceJournal(dir));
      await restarted.load();
      expect(await restarted.claim('nonce-jjjjjjjjjjjjjjjj', later(60_000))).toBe(false);
      // Loading wrote the journal's nonces to the table and dropped the old files.
      const rows = await database.db
        .selectFrom('request_nonces')
        .select('nonce')
        .where('nonce', '=', 'nonce-jjjjjjjjjjjjjjjj')
        .execute();
      expect(rows).toHaveLength(1);
      expect(await restarted.claim('nonce-kkkkkkkkkkkkkkkk', later(60_000))).toBe(true);
      await restarted.flush();
      expect(openNonceJournal(dir).readAll()).toEqual([]);
      journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('journalled: a flush that fails keeps its nonces in the journal and tries them again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yingku-journal-'));
    try {
      const repo = createNonceRepo(database.db);
      let down = true;
      const flaky = {
        ...repo,
        saveMany: async (entries: Parameters<typeof repo.saveMany>[0]) => {
          if (down) throw new Error('database gone');
          await repo.saveMany(entries);
        },
      };
      const store = writeBehindNonceStore(flaky, openNonceJournal(dir));
      await store.load();
      expect(await store.claim('nonce-llllllllllllllll', later(60_000))).toBe(true);
      await expect(store.flush()).rejects.toThrow('database gone');
      expect(
        openNonceJournal(dir)
          .readAll()
          .map((e) => e.nonce),
      ).toContain('nonce-llllllllllllllll');
      down = false;
      await store.flush();
      expect(openNonceJournal(dir).readAll()).toEqual([]);
      const row = await database.db
        .selectFrom('request_nonces')
        .select('nonce')
        .where('nonce', '=', 'nonce-llllllllllllllll')
        .executeTakeFirst();
      expect(row?.nonce).toBe('nonce-llllllllllllllll');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
