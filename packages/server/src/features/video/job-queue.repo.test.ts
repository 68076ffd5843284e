import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/connection';
import { silentLogger } from '../../lib/logger';
import { createJobQueueRepo } from './job-queue.repo';
import {
  CLEANUP_QUEUE,
  createBoss,
  createQueues,
  DEFAULT_QUEUE_SETTINGS,
  TRANSCODE_QUEUE,
} from './video-jobs';

// pg-boss's jobs as /metrics reads them (decision 082): a job due and not taken waits; a job
// set for later (a replaced video's cleanup, a retry in its backoff) does not.
describe('the job queues read from pg-boss', () => {
  let database: Database;
  let boss: PgBoss;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Through the test database itself, PGlite or PostgreSQL alike.
    boss = createBoss(database, undefined, silentLogger).boss;
    await boss.start();
    await createQueues(boss, DEFAULT_QUEUE_SETTINGS);
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await database.close();
  });

  it('counts due jobs per queue with the longest wait, and leaves jobs set for later out', async () => {
    const repo = createJobQueueRepo(database.db);
    expect(await repo.stats()).toEqual([]);
    await boss.send(TRANSCODE_QUEUE, { mediaId: '1' });
    await boss.send(TRANSCODE_QUEUE, { mediaId: '2' });
    await boss.send(CLEANUP_QUEUE, { workId: '1', mediaId: '1' }, { startAfter: 3600 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stats = await repo.stats();
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({ queue: TRANSCODE_QUEUE, waiting: 2 });
    expect(stats[0]!.oldestWaitingSeconds).toBeGreaterThanOrEqual(1);
    expect(stats[0]!.oldestWaitingSeconds).toBeLessThan(60);
  });
});
