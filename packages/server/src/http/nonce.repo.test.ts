import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/connection';
import { createNonceRepo } from './nonce.repo';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openNonceJournal } from './nonce-journal';
import { databaseNonceStore, journalledNonceStore } from './nonce-stores';

const later = (ms: number) => Date.now() + ms;

/** Runs `test` with a journal directory of its own, removed after. */
async function withJournalDir(test: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'yingku-journal-'));
  try {
    await test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
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

  it('in memory: decides at once, one winner among parallel claims, and writes nothing to the table', async () => {
    const store = journalledNonceStore(createNonceRepo(database.db));
    await store.load();
    expect(await store.claim('nonce-dddddddddddddddd', later(60_000))).toBe(true);
    expect(await store.claim('nonce-dddddddddddddddd', later(60_000))).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.claim('nonce-ffffffffffffffff', later(10_000))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    store.sweep();
    expect(await store.claim('nonce-dddddddddddddddd', later(60_000))).toBe(false);
    const rows = await database.db
      .selectFrom('request_nonces')
      .select('nonce')
      .where('nonce', 'in', ['nonce-dddddddddddddddd', 'nonce-ffffffffffffffff'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('journalled: a claim is kept across a restart without a sweep or a close (kill -9)', () =>
    withJournalDir(async (dir) => {
      const repo = createNonceRepo(database.db);
      const first = journalledNonceStore(repo, openNonceJournal(dir));
      await first.load();
      expect(await first.claim('nonce-jjjjjjjjjjjjjjjj', later(60_000))).toBe(true);
      expect(await first.claim('nonce-eeeeeeeeeeeeeeee', later(1))).toBe(true);
      await sleep(20);
      // No sweep, no close: the process is gone, its journal file stays.
      const restarted = journalledNonceStore(repo, openNonceJournal(dir));
      await restarted.load();
      expect(await restarted.claim('nonce-jjjjjjjjjjjjjjjj', later(60_000))).toBe(false);
      expect(await restarted.claim('nonce-eeeeeeeeeeeeeeee', later(60_000))).toBe(true);
      // And again after that restart's own claims, across two files.
      const again = journalledNonceStore(repo, openNonceJournal(dir));
      await again.load();
      expect(await again.claim('nonce-jjjjjjjjjjjjjjjj', later(60_000))).toBe(false);
      expect(await again.claim('nonce-eeeeeeeeeeeeeeee', later(60_000))).toBe(false);
    }));

  it('journalled: a sweep deletes a file once every nonce in it has expired, never before', () =>
    withJournalDir(async (dir) => {
      const journal = openNonceJournal(dir);
      const files = () => readdirSync(dir).sort();
      journal.append({ nonce: 'nonce-mmmmmmmmmmmmmmmm', expiresAt: 2_000_000_000_000 });
      journal.append({ nonce: 'nonce-nnnnnnnnnnnnnnnn', expiresAt: 2_000_000_005_000 });
      journal.rotate(1_999_999_000_000);
      journal.append({ nonce: 'nonce-oooooooooooooooo', expiresAt: 2_000_000_010_000 });
      expect(files()).toEqual(['000000000001.log', '000000000002.log']);
      // The first file's newest nonce is still held: both files stay.
      journal.rotate(2_000_000_004_999);
      expect(files()).toEqual(['000000000001.log', '000000000002.log', '000000000003.log']);
      // The first file's nonces have all expired, and the third (empty) holds none.
      journal.rotate(2_000_000_005_001);
      expect(files()).toEqual(['000000000002.log', '000000000004.log']);
      expect(journal.readAll().map((e) => e.nonce)).toEqual(['nonce-oooooooooooooooo']);
      journal.close();
      // A file left by an earlier run is deleted by what it holds, read when first needed.
      const reopened = openNonceJournal(dir);
      reopened.rotate(2_000_000_010_001);
      expect(files()).toEqual(['000000000006.log']);
      reopened.close();
    }));

  it('journalled: a line cut short by a crash is skipped, the rest are kept', () =>
    withJournalDir(async (dir) => {
      writeFileSync(
        path.join(dir, '000000000007.log'),
        `nonce-pppppppppppppppp ${later(60_000)}\nnonce-qqqqqqqqqqqqqqqq 17`,
      );
      const store = journalledNonceStore(createNonceRepo(database.db), openNonceJournal(dir));
      await store.load();
      expect(await store.claim('nonce-pppppppppppppppp', later(60_000))).toBe(false);
      expect(await store.claim('nonce-qqqqqqqqqqqqqqqq', later(60_000))).toBe(true);
    }));

  it("loads the nonces an earlier version left in the table, and sweeps that table's expired ones", async () => {
    const repo = createNonceRepo(database.db);
    expect(await repo.claim('nonce-rrrrrrrrrrrrrrrr', new Date(later(60_000)))).toBe(true);
    expect(await repo.claim('nonce-ssssssssssssssss', new Date(later(-60_000)))).toBe(true);
    const store = journalledNonceStore(repo);
    await store.load();
    expect(await store.claim('nonce-rrrrrrrrrrrrrrrr', later(60_000))).toBe(false);
    const rows = await database.db
      .selectFrom('request_nonces')
      .select('nonce')
      .where('nonce', 'in', ['nonce-rrrrrrrrrrrrrrrr', 'nonce-ssssssssssssssss'])
      .execute();
    expect(rows).toEqual([{ nonce: 'nonce-rrrrrrrrrrrrrrrr' }]);
  });
});
