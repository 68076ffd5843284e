import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/db';
import { createIdGenerator } from '../features/catalogue-write/id-generator';
import { acquireWorkerLease, soleWorkerLease, type WorkerLease } from './worker-lease';

// Worker ids come from the database: two processes on one PostgreSQL never hold the same one,
// so their snowflake ids cannot collide. Runs where DATABASE_URL is set (.ci/run does).
const adminUrl = process.env.DATABASE_URL;

describe('on PGlite', () => {
  it('is worker 0, held by the one process that opens the database', () => {
    const lease = soleWorkerLease();
    expect(lease.workerId()).toBe(0);
    expect(lease.ownerPid()).toBeNull();
  });
});

describe.skipIf(!adminUrl)('worker-id leases on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let admin: pg.Client;
  const leases: WorkerLease[] = [];
  const take = async () => {
    const lease = await acquireWorkerLease(database.url, { warn() {} });
    leases.push(lease);
    return lease;
  };
  /** Whether any session holds the advisory lock of worker `id`. */
  const held = async (id: number) =>
    (
      await admin.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
           AND classid = hashtext('yingku:worker-id')::oid AND objid = $1`,
        [id],
      )
    ).rowCount === 1;

  beforeAll(async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterAll(async () => {
    await Promise.all(leases.map((lease) => lease.release()));
    await admin?.end();
    await database?.drop();
  });

  it('gives every live process its own worker id, and a released one to the next', async () => {
    const [a, b, c] = await Promise.all([take(), take(), take()]);
    const ids = [a!.workerId(), b!.workerId(), c!.workerId()];
    expect(new Set(ids).size).toBe(3);
    await b!.release();
    expect(await held(ids[1]!)).toBe(false);
    const d = await take();
    expect(d.workerId()).toBe(ids[1]);
  });

  it('makes ids that never collide, even from the same millisecond', async () => {
    const [a, b] = await Promise.all([take(), take()]);
    // Both clocks stopped at one instant: only the worker id tells their ids apart.
    const now = () => Date.UTC(2026, 10, 24, 12);
    const fromA = createIdGenerator({ workerId: () => a!.workerId(), now });
    const fromB = createIdGenerator({ workerId: () => b!.workerId(), now });
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) {
      seen.add(fromA());
      seen.add(fromB());
    }
    expect(seen.size).toBe(40_000);
    // What the lease prevents: two generators with one worker id make the same ids.
    const twinA = createIdGenerator({ workerId: a!.workerId(), now });
    const twinB = createIdGenerator({ workerId: a!.workerId(), now });
    expect(twinA()).toBe(twinB());
  });

  it('frees the id at once when its process is killed', async () => {
    // A separate process takes a lease and says which; then it is killed with SIGKILL.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `const { acquireWorkerLease } = await import(${JSON.stringify(path.join(import.meta.dirname, 'worker-lease.ts'))});
         const lease = await acquireWorkerLease(${JSON.stringify(database.url)});
         console.log('worker ' + lease.workerId());
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const id = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /worker (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`lease process exited with ${code}: ${out}`)));
    });
    expect(await held(id)).toBe(true);
    child.removeAllListeners('exit');
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    // The server notices the dropped connection and ends the session, and the lock with it.
    while (await held(id)) await new Promise((resolve) => setTimeout(resolve, 20));
    // The lowest free id is taken first: the one the killed process held.
    expect((await take()).workerId()).toBe(id);
  });

  it('loses the lease with its connection, refuses ids meanwhile, and takes one again', async () => {
    const lease = await take();
    const pid = lease.ownerPid();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    let refused: unknown;
    // Between the loss and the new lease (a second later), ids are refused as a lost
    // connection: the request asking for one gets a 503.
    while (refused === undefined) {
      try {
        lease.workerId();
        await new Promise((resolve) => setTimeout(resolve, 10));
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toMatchObject({ code: '08006' });
    // It comes back on a new connection.
    for (;;) {
      try {
        if (lease.ownerPid() !== pid) break;
      } catch {
        // still lost
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await held(lease.workerId())).toBe(true);
  });
});
