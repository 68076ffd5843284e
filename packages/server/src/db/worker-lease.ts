import pg from 'pg';
import type { Logger } from '../lib/logger';

/** Worker ids a process may hold: the 10 bits of a snowflake id (id-generator.ts). */
export const WORKER_IDS = 1024;
/** The first key of the advisory locks that hold worker ids (the second is the id). */
export const WORKER_LOCK_NAMESPACE = 'yingku:worker-id';
/** After losing its connection, a lease tries to take a worker id again this often. */
const RETRY_MS = 1_000;

/**
 * The worker id this process puts in the ids it makes (orders, works), unique among the live
 * processes of one database, so two servers never make the same id (docs/decisions/022).
 */
export interface WorkerLease {
  /** 0–1023. Throws (as a lost connection: 503) while the lease is lost and not yet retaken. */
  workerId(): number;
  /**
   * The PostgreSQL backend holding the lease, recorded as the owner of work that must stop
   * with this process (console imports); null on PGlite, where one process owns the database.
   */
  ownerPid(): number | null;
  release(): Promise<void>;
}

/** The lease of a process on this database: taken on PostgreSQL, worker 0 on PGlite. */
export function takeWorkerLease(databaseUrl: string | undefined): Promise<WorkerLease> {
  return databaseUrl ? acquireWorkerLease(databaseUrl) : Promise.resolve(soleWorkerLease());
}

/** PGlite: only this process can open the database, so worker 0 is its alone. */
export function soleWorkerLease(): WorkerLease {
  return { workerId: () => 0, ownerPid: () => null, release: async () => undefined };
}

/**
 * PostgreSQL: the first worker id whose session advisory lock this process can take, on a
 * connection of its own, held for the life of the process. A process that dies — crash,
 * kill -9, lost machine — loses its connection and with it the lock, at once: the id is free
 * for the next process, and work it owned is known to be orphaned. When our connection drops,
 * the lease is lost (ids wait, as for any lost connection) until a new connection takes an id
 * again, which may be another one.
 */
export async function acquireWorkerLease(
  url: string,
  log: Pick<Logger, 'warn'> = console,
): Promise<WorkerLease> {
  let held: { client: pg.Client; workerId: number; pid: number } | null = null;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  const take = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'yingku worker lease' });
    client.on('error', () => undefined); // reported through 'end' below
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; pid: number }>(
        `SELECT id, pg_backend_pid() AS pid FROM generate_series(0, $2::int - 1) AS id
          WHERE pg_try_advisory_lock(hashtext($1), id) LIMIT 1`,
        [WORKER_LOCK_NAMESPACE, WORKER_IDS],
      );
      const row = rows[0];
      if (!row) throw new Error(`all ${WORKER_IDS} worker ids are held by live processes`);
      client.once('end', () => {
        if (held?.client !== client || released) return;
        held = null;
        log.warn(`worker id ${row.id}: lease lost with its database connection; taking one again`);
        scheduleRetry();
      });
      held = { client, workerId: row.id, pid: row.pid };
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  };

  const scheduleRetry = () => {
    retry = setTimeout(() => {
      take().catch(() => {
        if (!released) scheduleRetry();
      });
    }, RETRY_MS);
    retry.unref();
  };

  await take();
  return {
    workerId() {
      if (!held) throw leaseLost();
      return held.workerId;
    },
    ownerPid() {
      if (!held) throw leaseLost();
      return held.pid;
    },
    async release() {
      released = true;
      clearTimeout(retry);
      const client = held?.client;
      held = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Shaped as a lost connection (SQLSTATE 08006), so a request meeting it is answered 503. */
function leaseLost(): Error {
  return Object.assign(new Error('worker id lease lost with its database connection'), { code: '08006' });
}
