import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_BASE, SERVER_MSG, signRequest } from '@yingku/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { createPostgresTestDatabase } from './db';
import { redisTestsWanted, startRedisServer, startSentinel, type TestRedis } from './redis-server';
import { PROCESS_TEST_MS } from './timeouts';

const SIGN_SECRET = 'redis-sentinel-sign-secret';
const APP_ID = 'redis-sentinel-app';
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const NAME = 'yingku-test';
const adminUrl = process.env.DATABASE_URL;

// A real server process (src/main.ts, on PostgreSQL with DATABASE_URL, else PGlite) that finds
// Redis through a real Sentinel, by settings alone (REDIS_SENTINELS, REDIS_SENTINEL_NAME), while
// the master it uses is killed and the Sentinel promotes its replica (decision 080): signed calls
// go on answering, replays are refused, and the server is on the new master by itself.
describe.skipIf(!redisTestsWanted())('Redis through Sentinel, across a failover', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-sentinel-'));
  let master: TestRedis;
  let replica: TestRedis;
  let sentinel: TestRedis;
  let asker: Redis;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let server: ChildProcess;
  let base: string;
  let output = '';
  const answered: Array<Record<string, string>> = [];

  const list = async (headers = signRequest({ params: {}, secret: SIGN_SECRET, appId: APP_ID })) => {
    const res = await fetch(`${base}${API_BASE}${API.worksList}`, { headers });
    if (res.status === 200) answered.push(headers);
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  };

  const metric = async (series: string) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1],
    );
  };

  /** The master's port as the Sentinel tells it. */
  const masterPort = async () =>
    Number(((await asker.call('SENTINEL', 'get-master-addr-by-name', NAME)) as string[])[1]);

  beforeAll(async () => {
    master = await startRedisServer();
    replica = await startRedisServer({ replicaOf: master.port });
    sentinel = await startSentinel(master.port, NAME);
    asker = new Redis({ port: sentinel.port, host: '127.0.0.1', lazyConnect: true });
    // The Sentinel learns of the replica from the master: wait until it could promote it.
    await vi.waitFor(
      async () => {
        const replicas = (await asker.call('SENTINEL', 'replicas', NAME)) as string[][];
        expect(replicas.map((fields) => fields[fields.indexOf('flags') + 1])).toEqual(['slave']);
      },
      { timeout: 30_000, interval: 200 },
    );
    if (adminUrl) database = await createPostgresTestDatabase(adminUrl);
    const port = await freePort();
    server = await startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        DATABASE_READ_URL: '',
        MIGRATE_ON_START: 'true',
        REDIS_URL: '',
        REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`,
        REDIS_SENTINEL_NAME: NAME,
        DEMO_DATA: 'false',
        JWT_SECRET: 'redis-sentinel-jwt-secret-0123456789abcdef',
        SIGN_SECRET,
        APP_ID,
        LOG_LEVEL: 'info',
      },
      /影库 is running at/,
      90_000,
    );
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    base = `http://127.0.0.1:${port}`;
  }, PROCESS_TEST_MS);

  afterAll(async () => {
    if (server) await stopProcess(server);
    asker?.disconnect();
    await Promise.all([sentinel?.stop(), replica?.stop(), master?.stop()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves on the master the Sentinel names', async () => {
    expect((await list()).status).toBe(200);
    expect(await metric('yingku_redis_up')).toBe(1);
    const onMaster = new Redis({ port: master.port, host: '127.0.0.1', lazyConnect: true });
    expect(await onMaster.dbsize()).toBeGreaterThan(0);
    onMaster.disconnect();
  });

  it(
    'goes on through a failover, and is on the promoted replica by itself',
    async () => {
      await master.kill();
      // While the Sentinel decides (1 s down, then the promotion), the database keeps the nonces.
      for (let i = 0; i < 5; i += 1) expect((await list()).status).toBe(200);
      await vi.waitFor(async () => expect(await masterPort()).toBe(replica.port), {
        timeout: 60_000,
        interval: 250,
      });
      await vi.waitFor(async () => expect(await metric('yingku_redis_up')).toBe(1), {
        timeout: 30_000,
        interval: 250,
      });
      expect((await list()).status).toBe(200);
      for (const headers of answered) {
        expect((await list(headers)).body).toEqual({ code: 400, msg: SERVER_MSG.signatureReplayed });
      }
      const redisLines = output
        .split('\n')
        .filter((line) => line.includes('"redis":'))
        .map((line) => (JSON.parse(line) as { redis: string }).redis);
      expect(redisLines).toEqual(['down', 'up']);
      // The promoted replica takes the writes now.
      const promoted = new Redis({ port: replica.port, host: '127.0.0.1', lazyConnect: true });
      expect(((await promoted.call('ROLE')) as unknown[])[0]).toBe('master');
      promoted.disconnect();
    },
    PROCESS_TEST_MS,
  );
});
