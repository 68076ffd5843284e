import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobQueueStats } from './transcode-metrics';
import { QUEUE_SCHEMA } from './video-jobs';

/**
 * pg-boss's own job table, read for /metrics (decision 082): pg-boss counts jobs by state, but
 * not when a job became due, and a retry waiting out its backoff or a cleanup set for hours
 * later is not a queue falling behind. `state < 'active'` is pg-boss's own test for jobs not
 * yet taken (its states are an ordered enum); its index on (name, start_after) for those serves
 * the read.
 */
export function createJobQueueRepo(db: Kysely<DB>) {
  return {
    async stats(): Promise<JobQueueStats[]> {
      const { rows } = await sql<{ queue: string; waiting: string; oldest: string | null }>`
        SELECT name AS queue,
               count(*) AS waiting,
               extract(epoch FROM now() - min(start_after)) AS oldest
        FROM ${sql.table(`${QUEUE_SCHEMA}.job`)}
        WHERE state < 'active' AND start_after <= now()
        GROUP BY name`.execute(db);
      return rows.map((row) => ({
        queue: row.queue,
        waiting: Number(row.waiting),
        oldestWaitingSeconds: Math.max(0, Number(row.oldest ?? 0)),
      }));
    },
  };
}
