import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawPools } from '../bench/api-pools';
import { apiScenarios } from '../bench/api-scenarios';
import { freePort, stopProcess } from '../bench/processes';
import { openDatabase } from '../src/db/connection';
import { schemaState } from '../src/db/migrate';
import { createDice } from '../src/db/seed/demo-random';
import { startBalancer, type TestBalancer } from './balancer';
import { edgeTestsWanted } from './nginx';
import { createPostgresTestDatabase } from './db';
import { previousReleaseOrSkip, runMigrate, startServer } from './previous-release';
import { measureCapacity, startSteadyLoad } from './steady-load';
import { PROCESS_TEST_MS } from './timeouts';

// A rolling deploy under load, as docs/operations.md describes it (decision 072): two servers of
// the previous release behind nginx serve the bench's catalogue mix at a steady rate while this
// release's `npm run migrate` runs, then one is replaced by this release's server. Every request
// must be answered. PostgreSQL and nginx only; the previous release is test/previous-release.ts's.
const adminUrl = process.env.DATABASE_URL;
const prepared = !adminUrl
  ? { skip: 'DATABASE_URL is not set' }
  : !edgeTestsWanted()
    ? { skip: 'nginx is not installed' }
    : await previousReleaseOrSkip();

const KEYS = { secret: 'rolling-deploy-sign-secret', appId: 'rolling-deploy-app' };
/**
 * Requests per second offered through the balancer for the whole deploy: 100, or a third of what
 * the two servers answered just before when the machine is busier (a CI run beside other tests)
 * — a load they carry, so that a failed request is the deploy's doing, not the machine's.
 */
const MAX_RATE = 100;
const SHARE_OF_CAPACITY = 1 / 3;
const THIS_RELEASE = path.join(import.meta.dirname, '..', 'src');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!prepared.release)('a rolling deploy from the previous release, under load', () => {
  const release = prepared.release!;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-rolling-'));
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
  let balancer: TestBalancer | undefined;

  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await balancer?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const server = async (name: string, main: string, url: string, extra: Record<string, string> = {}) => {
    const port = await freePort();
    const child = await startServer(main, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      MIGRATE_ON_START: '',
      DATABASE_READ_URL: '',
      REDIS_URL: '',
      DEMO_DATA: 'false',
      DEMO_VIDEOS: 'false',
      CAPTCHA_ENABLED: 'false',
      // Shared by every server, old and new: a token or signature one accepts, all accept.
      JWT_SECRET: 'rolling-deploy-jwt-secret-0123456789abcdef',
      SANDBOX_PAY_KEY: 'rolling-deploy-sandbox-key',
      SIGN_SECRET: KEYS.secret,
      APP_ID: KEYS.appId,
      DATA_DIR: path.join(dataDir, name),
      LOG_LEVEL: 'warn',
      ...extra,
    });
    children.push(child);
    return { child, address: `127.0.0.1:${port}` };
  };

  it(
    'answers every request while `npm run migrate` runs and a server is replaced',
    async () => {
      database = await createPostgresTestDatabase(adminUrl!);
      const oldMigrate = await runMigrate(release.migrate, database.url);
      expect(oldMigrate.code, oldMigrate.output).toBe(0);
      // The first old server loads the demo catalogue (with the old release's own seed), then the second starts.
      const a = await server('a', release.main, database.url, { DEMO_DATA: 'true' });
      const b = await server('b', release.main, database.url);
      balancer = await startBalancer([a.address, b.address]);

      const dice = createDice(72);
      const pools = await drawPools(balancer.baseUrl, KEYS, dice);
      const scenarios = apiScenarios(pools, dice).filter((s) => s.kind === 'miss');
      const target = { baseUrl: balancer.baseUrl, keys: KEYS, next: () => dice.pick(scenarios).next() };
      const capacity = await measureCapacity(target);
      const rate = Math.max(10, Math.min(MAX_RATE, Math.round(capacity * SHARE_OF_CAPACITY)));
      const load = startSteadyLoad({ ...target, rate });
      const marks: Record<string, number> = {};
      const mark = (name: string) => (marks[name] = Date.now());

      await sleep(3_000);
      mark('migrate');
      const migrated = await runMigrate(path.join(THIS_RELEASE, 'migrate.ts'), database.url);
      expect(migrated.code, migrated.output).toBe(0);
      mark('migrated');
      await sleep(2_000);

      // Replace a: it drains (readiness 503, requests still served, shutdown.ts) while this
      // release's server starts; nginx sends what a refuses to b until it is pointed at c.
      mark('replace');
      const aExited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
      a.child.kill('SIGTERM');
      const [aCode, c] = await Promise.all([
        aExited,
        server('c', path.join(THIS_RELEASE, 'main.ts'), database.url),
      ]);
      mark('c ready');
      await balancer.pointAt([b.address, c.address]);
      mark('reloaded');
      await sleep(5_000);
      const result = await load.stop();
      mark('end');

      const log = await balancer.accessLog();
      const answeredBy = (address: string, from: number, to = Number.POSITIVE_INFINITY) =>
        log.filter(
          (r) => r.status === 200 && r.upstreams.at(-1) === address && r.atMs >= from && r.atMs <= to,
        ).length;
      const retried = log.filter((r) => r.upstreams.length > 1);
      const { missing, newer } = await (async () => {
        const opened = await openDatabase({ url: database!.url });
        try {
          return await schemaState(opened.db);
        } finally {
          await opened.close();
        }
      })();
      const span = (from: string, to: string) => `${((marks[to]! - marks[from]!) / 1000).toFixed(1)} s`;
      console.log(
        [
          `rolling deploy from ${release.commit.slice(0, 12)} ("${release.subject}") at ${rate} req/s` +
            ` (the servers answered ${Math.round(capacity)} req/s just before):`,
          `  sent ${result.sent}, answered ${result.ok}, failed ${result.failed.length}, slowest ${result.maxMs} ms`,
          `  migrate ${span('migrate', 'migrated')} (${migrated.output.trim().split('\n').at(-1)}),` +
            ` replace until c ready ${span('replace', 'c ready')}, whole load ${(load.elapsedMs() / 1000).toFixed(1)} s`,
          `  old servers after the migration: a ${answeredBy(a.address, marks.migrated!)},` +
            ` b ${answeredBy(b.address, marks.migrated!)}; a after SIGTERM ${answeredBy(a.address, marks.replace!)};` +
            ` c ${answeredBy(c.address, marks.reloaded!)}; tried a second server: ${retried.length}`,
          ...result.failed.slice(0, 20).map((f) => `  failed at ${f.atMs} ms: ${f.path} — ${f.why}`),
        ].join('\n'),
      );

      expect(aCode).toBe(0);
      expect(missing).toEqual([]);
      expect(newer).toEqual([]);
      // The old release served on the new schema, and the new one after the reload.
      expect(answeredBy(b.address, marks.migrated!)).toBeGreaterThan(0);
      expect(answeredBy(c.address, marks.reloaded!)).toBeGreaterThan(0);
      expect(result.sent).toBeGreaterThan(rate * 10);
      expect(result.failed).toEqual([]);
    },
    // Three servers, a migration and two old-release seeds of the demo catalogue, one after another.
    PROCESS_TEST_MS * 2,
  );
});

if (!prepared.release) it.skip(`a rolling deploy (skipped: ${prepared.skip})`, () => {});
