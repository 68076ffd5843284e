import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, SERVER_MSG, signRequest, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { type Database, openDatabase } from '../src/db/connection';
import { createAccessTokens } from '../src/http/auth';
import { createPostgresTestDatabase } from './db';
import { buildWorkLine } from './factories';
import { insertUser } from './users';

// A console import runs inside the server that started it. Killed with SIGKILL mid-import, that
// server can no longer finish the job: the next server must see it failed at once and take a
// new import, not answer 409 for minutes. PostgreSQL only (with PGlite one process owns all).
const adminUrl = process.env.DATABASE_URL;
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const SIGN_SECRET = 'import-owner-sign-secret';
const APP_ID = 'import-owner-app';
const JWT_SECRET = 'import-owner-jwt-secret-0123456789abcdef01';

describe.skipIf(!adminUrl)('a console import whose server is killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-import-owner-'));
  let database: { url: string; drop(): Promise<void> };
  let seed: Database;
  const servers: Array<{ child: ChildProcess; base: string }> = [];
  let first: { child: ChildProcess; base: string };
  let authorization: string;

  const start = async () => {
    const port = await freePort();
    const child = await startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        // These servers migrate the fresh database themselves (decision 072).
        MIGRATE_ON_START: 'true',
        DATABASE_READ_URL: '',
        REDIS_URL: '',
        DEMO_DATA: 'false',
        CAPTCHA_ENABLED: 'false',
        JWT_SECRET,
        SIGN_SECRET,
        APP_ID,
        DATA_DIR: path.join(dataDir, String(port)),
        LOG_LEVEL: 'warn',
      },
      /影库 is running at/,
      90_000,
    );
    const server = { child, base: `http://127.0.0.1:${port}${API_BASE}` };
    servers.push(server);
    return server;
  };

  const call = async (
    base: string,
    method: 'GET' | 'POST',
    apiPath: string,
    body?: Record<string, unknown>,
  ) => {
    const res = await fetch(`${base}${apiPath}`, {
      method,
      headers: {
        ...signRequest({ params: body ?? {}, secret: SIGN_SECRET, appId: APP_ID }),
        authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as { code: number; msg: string; data?: never } };
  };

  beforeAll(async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    first = await start(); // migrates the database
    seed = await openDatabase({ url: database.url, poolSize: 1 });
    const staff = await insertUser(seed.db);
    await seed.db
      .updateTable('users')
      .set({ roles: sql<string[]>`ARRAY['member','content']::text[]` })
      .where('id', '=', staff.id)
      .execute();
    // The console needs a second factor on a staff account (decision 071).
    await seed.db
      .insertInto('two_factor')
      .values({ user_id: staff.id, secret_sealed: 'test-fixture', enabled_at: new Date() })
      .execute();
    const sessionId = randomUUID();
    await seed.db.insertInto('login_sessions').values({ id: sessionId, user_id: staff.id }).execute();
    authorization = `Bearer ${await createAccessTokens(JWT_SECRET).issue({ userId: staff.id, sessionId })}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopProcess(server.child)));
    await seed?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is failed at once, and the next import starts', async () => {
    const a = first.child;
    const aBase = first.base;
    // Big enough to be still running when the server dies.
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify(buildWorkLine({ number: `OWN-${String(i + 1).padStart(5, '0')}` })),
    );
    const started = await call(aBase, 'POST', STAFF_API.imports, {
      fileName: 'big.jsonl',
      content: lines.join('\n'),
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const jobId = (started.json.data as unknown as { id: string }).id;
    console.log('DBG started', jobId);
    // Killed once it is under way.
    const job = () =>
      seed.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    for (let now = await job(); now.lines_read === 0; now = await job()) {
      expect(now.status, now.message ?? '').toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    a.removeAllListeners('exit');
    const gone = new Promise((resolve) => a.once('exit', resolve));
    a.kill('SIGKILL');
    await gone;

    console.log('DBG killed');
    const b = await start();
    console.log('DBG b started');
    const next = await call(b.base, 'POST', STAFF_API.imports, {
      fileName: 'small.jsonl',
      content: JSON.stringify(buildWorkLine({ number: 'OWN-NEXT' })),
    });
    expect(next.status, JSON.stringify(next.json)).toBe(200);
    const old = await job();
    expect(old).toMatchObject({ status: 'failed', message: SERVER_MSG.importInterrupted });
    expect(old.lines_read).toBeLessThan(lines.length);
  }, 180_000);
});
