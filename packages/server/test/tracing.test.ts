import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_BASE, signRequest } from '@yingku/contract';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { QUEUE_SCHEMA, TRANSCODE_QUEUE } from '../src/features/video/video-jobs';
import { createPostgresTestDatabase } from './db';
import { ancestry, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver';
import { PROCESS_TEST_MS } from './timeouts';

// Tracing end to end (decision 081): real server processes on PostgreSQL send their spans over
// OTLP/HTTP to a receiver this test runs on loopback, which decodes them with the official proto
// files. The server runs from source under tsx (as in development and the tests) and compiled by
// esbuild (as `npm start` runs it): the instrumentations must patch pg in both. Runs where
// DATABASE_URL is set, as .ci/run's PostgreSQL pass does.
const adminUrl = process.env.DATABASE_URL;

const SERVER_DIR = path.join(import.meta.dirname, '..');
/** A build of our own, so a build by another test file beside this one cannot pull it away. */
const TEST_DIST = path.join(SERVER_DIR, 'dist-test', `tracing-${process.pid}`);
const BUILD_SERVER = path.join(SERVER_DIR, '..', '..', 'scripts', 'build-server.mjs');
const SIGN_SECRET = 'tracing-test-sign-secret';
const APP_ID = 'tracing-test-app';
const LIST_ROUTE = `${API_BASE}${API.worksList}`;
const PG_SCOPE = '@opentelemetry/instrumentation-pg';

/** Polls until `find` returns something, within the process tests' bound. */
async function eventually<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`never received: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!adminUrl)('traces over OTLP from real processes on PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-tracing-'));
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let database: { url: string; drop(): Promise<void> };
  const children: ChildProcess[] = [];
  /** Traces an earlier test already took its route span from. */
  const seen = new Set<string>();

  const env = (name: string): Record<string, string> => ({
    DATABASE_URL: database.url,
    DATABASE_READ_URL: '',
    REDIS_URL: '',
    MIGRATE_ON_START: 'true',
    DEMO_DATA: 'false',
    DATA_DIR: path.join(dataDir, name),
    JWT_SECRET: 'tracing-test-jwt-secret-0123456789abcdef',
    SIGN_SECRET,
    APP_ID,
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: '',
    OTEL_SDK_DISABLED: '',
  });

  /** Starts a server entry and keeps its output (its log lines) from then on. */
  const startServer = async (name: string, entry: string) => {
    const port = await freePort();
    const child = await startProcess(
      entry,
      { ...env(name), PORT: String(port), HOST: '127.0.0.1' },
      /影库 is running at/,
      PROCESS_TEST_MS,
    );
    children.push(child);
    const lines: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    return { base: `http://127.0.0.1:${port}`, lines };
  };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createPostgresTestDatabase(adminUrl!);
    execFileSync(process.execPath, [BUILD_SERVER, TEST_DIST], { stdio: 'inherit' });
  }, PROCESS_TEST_MS);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await database?.drop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(TEST_DIST, { recursive: true, force: true });
  });

  describe.each([
    ['from source under tsx', path.join(SERVER_DIR, 'src', 'main.ts')],
    ['compiled by esbuild', path.join(TEST_DIST, 'main.js')],
  ])('the server %s', (name, entry) => {
    it(
      "sends a catalogue request's route span with its SQL spans inside, and logs its trace id",
      async () => {
        const server = await startServer(name.split(' ')[0]!, entry);
        const res = await fetch(`${server.base}${LIST_ROUTE}`, {
          headers: signRequest({ params: {}, secret: SIGN_SECRET, appId: APP_ID }),
        });
        expect(res.status).toBe(200);
        const traceHeader = res.headers.get('x-request-id');

        const route = await eventually(
          () =>
            receiver.spans.find(
              (s) =>
                s.scope === '@fastify/otel' &&
                s.attributes['http.route'] === LIST_ROUTE &&
                !seen.has(s.traceId),
            ),
          `the ${LIST_ROUTE} span`,
        );
        seen.add(route.traceId);
        const inTrace = () => receiver.spans.filter((s) => s.traceId === route.traceId);
        const sql = await eventually(() => {
          const found = inTrace().filter(
            (s) => s.scope === PG_SCOPE && s.attributes['db.system.name'] === 'postgresql',
          );
          return found.some((s) => /\bFROM works\b/i.test(String(s.attributes['db.query.text'])))
            ? found
            : undefined;
        }, 'the SQL spans of the list');

        expect(route.service).toBe('yingku-server');
        // Every statement hangs below the route's span, through its parents.
        for (const statement of sql) {
          expect(ancestry(inTrace(), statement).map((s) => s.spanId)).toContain(route.spanId);
        }
        // The trace starts at the HTTP server span, named by the route pattern, not the raw URL.
        const root = ancestry(inTrace(), route).at(-1)!;
        expect(root.scope).toBe('@opentelemetry/instrumentation-http');
        expect(root.parentSpanId).toBe('');
        expect(root.attributes['http.route']).toBe(LIST_ROUTE);
        // The client's address stays out of the trace (telemetry/tracing-sdk.ts).
        expect(Object.keys(root.attributes)).not.toContain('network.peer.address');
        expect(Object.keys(root.attributes)).not.toContain('client.address');

        const line = await eventually(
          () =>
            server.lines
              .filter((l) => l.startsWith('{'))
              .map((l) => JSON.parse(l) as Record<string, unknown>)
              .find((l) => l.msg === 'request' && l.route === LIST_ROUTE),
          'the request log line',
        );
        expect(line.traceId).toBe(route.traceId);
        expect(line.reqId).toBe(traceHeader);
      },
      PROCESS_TEST_MS,
    );
  });

  it(
    'blanks capabilities in URLs and sends no span for probes',
    async () => {
      const server = await startServer('redaction', path.join(TEST_DIST, 'main.js'));
      await (await fetch(`${server.base}/no-such-page?sig=capability-value-1`)).arrayBuffer();
      await (await fetch(`${server.base}/readyz`)).arrayBuffer();
      const urlPath = (s: ReceivedSpan) => String(s.attributes['url.path'] ?? '');
      const request = await eventually(
        () =>
          receiver.spans.find((s) => s.scope === '@fastify/otel' && urlPath(s).startsWith('/no-such-page')),
        'the unmatched request',
      );
      // Fastify's span holds the URL as it arrived: blanked as in the log (lib/redact-url.ts).
      expect(request.attributes['url.path']).toBe('/no-such-page?sig=[redacted]');
      expect(JSON.stringify(receiver.spans)).not.toContain('capability-value-1');
      expect(receiver.spans.some((s) => urlPath(s).startsWith('/readyz'))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it(
    "the worker handles a job in a span linked to the request that queued it, the job's SQL inside",
    async () => {
      const worker = await startProcess(
        path.join(TEST_DIST, 'worker.js'),
        { ...env('worker'), WORKER_PORT: '0', HOST: '127.0.0.1' },
        /Transcode worker running/,
        PROCESS_TEST_MS,
      );
      children.push(worker);
      // A request's context, as the web server's queueing puts it in the job's data.
      const producer = { traceId: 'a1'.repeat(16), spanId: 'b2'.repeat(8) };
      const boss = new PgBoss({ connectionString: database.url, schema: QUEUE_SCHEMA });
      await boss.start();
      try {
        const traceparent = `00-${producer.traceId}-${producer.spanId}-01`;
        const jobId = await boss.send(TRANSCODE_QUEUE, { mediaId: '1', trace: { traceparent } });
        const job = await eventually(
          () => receiver.spans.find((s: ReceivedSpan) => s.attributes['messaging.message.id'] === jobId),
          'the job span',
        );
        expect(job).toMatchObject({
          service: 'yingku-worker',
          name: `${TRANSCODE_QUEUE} process`,
          attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': TRANSCODE_QUEUE },
        });
        expect(job.links).toEqual([producer]);
        const statement = await eventually(
          () => receiver.spans.find((s) => s.traceId === job.traceId && s.scope === PG_SCOPE),
          "the job's SQL",
        );
        expect(ancestry(receiver.spans, statement).map((s) => s.spanId)).toContain(job.spanId);
      } finally {
        await boss.stop({ graceful: false, wait: true });
      }
    },
    PROCESS_TEST_MS,
  );
});
