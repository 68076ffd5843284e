import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_BASE, REFRESH_TOKEN_HEADER, SERVER_MSG, signRequest } from '@yingku/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { FLOOD_LIMITS } from '../src/http/flood-limits';
import { createPostgresTestDatabase } from './db';

// Two real server processes (node --import tsx src/main.ts) on different ports, over one fresh
// PostgreSQL database and one Redis: what one of them learns, the other must know. Runs where
// DATABASE_URL is set, as .ci/run does when PostgreSQL answers on loopback (skipped on PGlite);
// with REDIS_URL too the servers share Redis, without it they share only PostgreSQL (nonces and
// flood counts in tables), which must hold just the same.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const SIGN_SECRET = 'several-servers-sign-secret';
const APP_ID = 'several-servers-app';
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
}

/** A signed call to one server, as the web client makes it; `headers` may replace the signature. */
async function call(
  server: Server,
  method: 'GET' | 'POST',
  apiPath: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { code: number; msg: string; [field: string]: unknown } }> {
  const signed = signRequest({ params: method === 'GET' ? {} : body, secret: SIGN_SECRET, appId: APP_ID });
  const res = await fetch(`${server.base}${API_BASE}${apiPath}`, {
    method,
    headers: {
      ...signed,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as never };
}

const shared = redisUrl ? 'one PostgreSQL and one Redis' : 'one PostgreSQL, no Redis';

describe.skipIf(!adminUrl)(`several servers over ${shared}`, () => {
  const keyPrefix = `yk-test-${randomBytes(4).toString('hex')}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-several-'));
  let database: { url: string; drop(): Promise<void> };
  let sql: pg.Client;
  let a: Server;
  let b: Server;
  /** Captchas asked for so far: they count against the flood limit of this address. */
  let captchasAsked = 0;

  const start = async (name: string, extra: Record<string, string> = {}): Promise<Server> => {
    const port = await freePort();
    const child = await startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        // These servers migrate the fresh database themselves (decision 072).
        MIGRATE_ON_START: 'true',
        // '' counts as unset: nothing from this test process's environment leaks in.
        REDIS_URL: redisUrl ?? '',
        DATABASE_READ_URL: '',
        REDIS_KEY_PREFIX: keyPrefix,
        CAPTCHA_ENABLED: 'true',
        DEMO_DATA: 'false',
        // Shared by every server: tokens one signs, the others must accept.
        JWT_SECRET: 'several-servers-jwt-secret-0123456789abcdef',
        SANDBOX_PAY_KEY: 'several-servers-sandbox-key',
        SIGN_SECRET,
        APP_ID,
        DATA_DIR: path.join(dataDir, name),
        LOG_LEVEL: 'warn',
        ...extra,
      },
      /影库 is running at/,
      90_000,
    );
    return { name, base: `http://127.0.0.1:${port}`, child };
  };

  const captcha = async (server: Server) => {
    captchasAsked += 1;
    const res = await call(server, 'GET', API.captcha);
    const uuid = String(res.json.uuid ?? '');
    // The answer is only in the captchas table (never in a response): read it as a person
    // would read the image.
    const row = await sql.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [uuid]);
    return { status: res.status, uuid, code: row.rows[0]?.answer ?? '' };
  };

  beforeAll(async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    // Both start at once on the empty database: their migrations must not collide either.
    [a, b] = await Promise.all([start('a', { SHUTDOWN_DRAIN_MS: '1500' }), start('b')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopProcess(s.child)));
    await sql?.end();
    await database?.drop();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses on one server a nonce already used on the other', async () => {
    const headers = signRequest({ params: {}, secret: SIGN_SECRET, appId: APP_ID });
    expect((await call(a, 'GET', API.worksList, {}, headers)).status).toBe(200);
    const replay = await call(b, 'GET', API.worksList, {}, headers);
    expect(replay).toEqual({ status: 400, json: { code: 400, msg: SERVER_MSG.signatureReplayed } });
  });

  it('checks on one server a captcha issued by the other, once', async () => {
    const issued = await captcha(a);
    expect(issued.status).toBe(200);
    expect(issued.code).toMatch(/^[a-z0-9]{4}$/);
    const form = {
      userName: 'several_servers_1',
      password: 'several-servers-pw',
      confirmPassword: 'several-servers-pw',
      email: 'several@example.com',
      code: issued.code,
      uuid: issued.uuid,
    };
    expect((await call(b, 'POST', API.register, form)).status).toBe(200);
    // Spent by that check: the first server does not take it again.
    const again = await call(a, 'POST', API.register, { ...form, userName: 'several_servers_2' });
    expect(again.json).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
  });

  it('refreshes on one server a login made on the other, and the old token is spent on both', async () => {
    const issued = await captcha(b);
    const login = await call(a, 'POST', API.login, {
      userName: 'several_servers_1',
      password: 'several-servers-pw',
      code: issued.code,
      uuid: issued.uuid,
    });
    expect(login.status).toBe(200);
    const { refreshToken } = login.json.data as { accessToken: string; refreshToken: string };

    const refreshed = await call(b, 'GET', API.token, {}, { [REFRESH_TOKEN_HEADER]: refreshToken });
    expect(refreshed.status).toBe(200);
    const next = refreshed.json.data as { accessToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(refreshToken);

    const info = await call(a, 'GET', API.userInfo, {}, { authorization: `Bearer ${next.accessToken}` });
    expect(info.status).toBe(200);
    const reused = await call(a, 'GET', API.token, {}, { [REFRESH_TOKEN_HEADER]: refreshToken });
    expect(reused.status).toBe(401);
  });

  it('counts the flood limit of one address across both servers', async () => {
    const { max } = FLOOD_LIMITS.captcha;
    const statuses: number[] = [];
    // Alternate: each server alone sees barely half the limit.
    while (captchasAsked < max + 2) {
      const server = captchasAsked % 2 === 0 ? a : b;
      captchasAsked += 1;
      statuses.push((await call(server, 'GET', API.captcha)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(statuses.length - 2);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('drains on SIGTERM: readiness 503 while the other stays ready, then a clean exit', async () => {
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${a.base}/readyz`)).status).toBe(503);
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
    // Still serving during the drain: a request the balancer already sent is answered.
    expect((await call(a, 'GET', API.worksList)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
