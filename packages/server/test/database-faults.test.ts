import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_BASE, SERVER_MSG, signRequest } from '@yingku/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { openDatabase } from '../src/db/connection';
import { createAccessTokens } from '../src/http/auth';
import { createPostgresTestDatabase } from './db';
import { buildWorkLine, insertWorks } from './factories';
import { insertUser } from './users';

// A real server process on PostgreSQL whose backends are ended under it — what a failover, a
// restart or a network reset does. The requests it touched may fail; the process must live on
// and serve the next ones. Runs where DATABASE_URL is set (.ci/run does); skipped on PGlite.
const adminUrl = process.env.DATABASE_URL;

const SIGN_SECRET = 'database-faults-sign-secret';
const APP_ID = 'database-faults-app';
const JWT_SECRET = 'database-faults-jwt-secret-0123456789abcdef';
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');

interface Answer {
  status: number;
  code: number | undefined;
}

describe.skipIf(!adminUrl)('PostgreSQL backends ended under a running server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-faults-'));
  let database: { url: string; drop(): Promise<void> };
  let admin: pg.Client;
  let locker: pg.Client;
  let server: ChildProcess;
  let base: string;
  let output = '';
  let authorization: string;
  let workIds: string[];

  /** A signed collect call as the web client sends it; network failures count as status 0. */
  const collect = async (dataId: string, status: 0 | 9 = 0): Promise<Answer> => {
    const body = { dataId, status };
    try {
      const res = await fetch(`${base}${API_BASE}${API.collectAdds}`, {
        method: 'POST',
        headers: {
          ...signRequest({ params: body, secret: SIGN_SECRET, appId: APP_ID }),
          'content-type': 'application/json',
          authorization,
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as { code?: number };
      return { status: res.status, code: json.code };
    } catch {
      return { status: 0, code: undefined };
    }
  };

  /** The server's own backends (not ours), as pg_stat_activity shows them. */
  const serverBackends = async (where = 'true'): Promise<number[]> => {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name <> 'faults' AND ${where}`,
    );
    return rows.map((r) => r.pid);
  };

  const terminate = (pids: number[]) =>
    admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);

  const expectServing = async () => {
    expect(server.exitCode, output).toBeNull();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    // The pool has replaced the connections it lost: a write goes through again.
    const again = await collect(workIds[0]!, 0);
    expect(again, output).toEqual({ status: 200, code: 200 });
  };

  beforeAll(async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        // These servers migrate the fresh database themselves (decision 072).
        MIGRATE_ON_START: 'true',
        REDIS_URL: '',
        DATABASE_READ_URL: '',
        CAPTCHA_ENABLED: 'false',
        DEMO_DATA: 'false',
        JWT_SECRET,
        SIGN_SECRET,
        APP_ID,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      /影库 is running at/,
      90_000,
    );
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // The server migrated the database; the test adds a member and works through its own pool.
    const seed = await openDatabase({ url: database.url, poolSize: 1 });
    const user = await insertUser(seed.db);
    const works = await insertWorks(
      seed.db,
      Array.from({ length: 8 }, (_, i) =>
        buildWorkLine({ number: `FAULT-${String(i + 1).padStart(3, '0')}` }),
      ),
    );
    workIds = works.ids;
    const sessionId = randomUUID();
    await seed.db.insertInto('login_sessions').values({ id: sessionId, user_id: user.id }).execute();
    authorization = `Bearer ${await createAccessTokens(JWT_SECRET).issue({ userId: user.id, sessionId })}`;
    await seed.close();

    admin = new pg.Client({ connectionString: database.url, application_name: 'faults' });
    locker = new pg.Client({ connectionString: database.url, application_name: 'faults' });
    await Promise.all([admin.connect(), locker.connect()]);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopProcess(server);
    await Promise.all([admin?.end(), locker?.end()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends only the requests waiting in a transaction whose backends were terminated', async () => {
    // Hold the table the collect transaction writes, so the requests wait inside it. (Another
    // connection holds it: pg_stat_activity is read once per transaction.)
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE collect_entries IN ACCESS EXCLUSIVE MODE');
    const waiting = workIds.slice(0, 4).map((id) => collect(id));
    let blocked: number[] = [];
    while (blocked.length < 4) {
      blocked = await serverBackends(`wait_event_type = 'Lock'`);
      if (server.exitCode !== null) break;
    }
    await terminate(blocked);
    await locker.query('COMMIT');

    // Each touched request is answered — 503, try again — none is left hanging, and none
    // takes the process down.
    expect(await Promise.all(waiting), output).toEqual(Array(4).fill({ status: 503, code: 503 }));
    await expectServing();
  });

  it('answers 503 at once when no connection comes free, instead of queueing behind a lock', async () => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE collect_entries IN ACCESS EXCLUSIVE MODE');
    // Ten collects wait on the lock, one connection of the pool (10) each.
    const waiting = workIds
      .slice(0, 8)
      .concat(workIds.slice(0, 2))
      .map((id, i) => collect(id, i < 8 ? 0 : 9));
    while ((await serverBackends(`wait_event_type = 'Lock'`)).length < 10) {
      expect(server.exitCode, output).toBeNull();
    }
    // A catalogue read needs a connection too: it gets the 503 envelope, not a 10 s wait.
    const query = { keyword: 'FAULT-001' };
    const read = await fetch(`${base}${API_BASE}${API.worksList}?keyword=FAULT-001`, {
      headers: signRequest({ params: query, secret: SIGN_SECRET, appId: APP_ID }),
    });
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual({ code: 503, msg: SERVER_MSG.serviceUnavailable });

    // The lock goes: the waiting writes complete, nothing was lost.
    await locker.query('COMMIT');
    for (const answer of await Promise.all(waiting)) expect(answer).toEqual({ status: 200, code: 200 });
    await expectServing();
  });

  it('lives through backends terminated every 250 ms under writes', async () => {
    let stop = false;
    const answers: Answer[] = [];
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; !stop; i += 1)
        answers.push(await collect(workIds[(w + i) % workIds.length]!, i % 2 ? 9 : 0));
    });
    let rounds = 0;
    while (rounds < 12 && server.exitCode === null) {
      await terminate(await serverBackends());
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    stop = true;
    await Promise.all(writers);

    expect(server.exitCode, output).toBeNull();
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([200, 500, 503], output).toContain(answer.status);
      expect(answer.code).toBe(answer.status);
    }
    await expectServing();
  });
});
