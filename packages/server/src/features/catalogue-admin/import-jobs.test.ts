import { API, fillPath, type ImportJob, SERVER_MSG, STAFF_LIMITS, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildApp } from '../../app';
import { buildWorkLine } from '../../../test/factories';
import { expectBadRequest, insertRoleCaller } from '../../../test/staff';
import { STALE_AFTER_MS } from './import-jobs.service';

let t: TestApp;
let staff: Headers;
type Headers = Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
});
afterAll(() => t.close());

const jsonLines = (lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
const start = (body: Record<string, unknown>, app: TestApp = t) =>
  app.send('POST', STAFF_API.imports, body, staff);
const poll = (id: string, app: TestApp = t) => app.get(fillPath(STAFF_API.import, { id }), {}, staff);

/** Polls a job until it is no longer running. */
async function finished(id: string): Promise<ImportJob> {
  for (let i = 0; i < 600; i += 1) {
    const res = await poll(id);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as ImportJob;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} still running`);
}

async function latestNumbers(): Promise<string[]> {
  const res = await t.get(API.worksList, { pageSize: 100 });
  return (res.json().rows as Array<{ number: string }>).map((r) => r.number);
}

describe('POST /v2/admin/imports', () => {
  it('imports good lines in the background and records failed ones by line number', async () => {
    // Read the latest list first: the import must clear the read cache when it ends.
    expect(await latestNumbers()).not.toContain('IMP-001');
    const content = jsonLines([
      buildWorkLine({ number: 'IMP-001', makers: ['Import Maker'] }),
      '',
      'not json',
      buildWorkLine({ number: 'IMP-002', makers: ['Import Maker'] }),
      { channel: 'censored', number: 'IMP-003' },
      '   ',
    ]);
    const res = await start({ fileName: ' catalogue.jsonl ', content });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data as ImportJob;
    expect(started).toMatchObject({ fileName: 'catalogue.jsonl', status: 'running', totalLines: 4 });
    expect(started.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const job = await finished(started.id);
    expect(job).toMatchObject({
      status: 'done',
      totalLines: 4,
      linesRead: 4,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      failed: 2,
      message: '',
      finishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(job.errors.map((e) => e.line)).toEqual([3, 5]);
    expect(job.errors[0]!.reason).toContain('JSON');
    expect(job.errors[1]!.reason).toContain('title');
    expect(await latestNumbers()).toEqual(expect.arrayContaining(['IMP-001', 'IMP-002']));
    const maker = await t.database.db
      .selectFrom('makers')
      .select('work_count')
      .where('name', '=', 'Import Maker')
      .executeTakeFirstOrThrow();
    expect(maker.work_count).toBe(2);

    // The same file again changes nothing.
    const again = await finished((await start({ content })).json().data.id);
    expect(again).toMatchObject({ status: 'done', inserted: 0, updated: 0, unchanged: 2, failed: 2 });

    const list = await t.get(STAFF_API.imports, {}, staff);
    expect(list.json()).toMatchObject({ code: 200, total: 2, rows: [{ id: again.id }, { id: job.id }] });
  });

  it('keeps only the first failures, in line order, and counts them all', async () => {
    const lines = Array.from({ length: STAFF_LIMITS.importErrorsKept + 5 }, (_, i) => `{"bad": ${i}}`);
    const job = await finished((await start({ content: jsonLines(lines) })).json().data.id);
    expect(job).toMatchObject({ status: 'done', failed: STAFF_LIMITS.importErrorsKept + 5 });
    expect(job.errors.map((e) => e.line)).toEqual(
      Array.from({ length: STAFF_LIMITS.importErrorsKept }, (_, i) => i + 1),
    );
  });

  it('refuses empty, oversize and malformed content (400), starting nothing', async () => {
    const before = await t.database.db.selectFrom('import_jobs').select('id').execute();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: '' }, SERVER_MSG.importEmpty],
      [{ content: ' \n\r\n\t ' }, SERVER_MSG.importEmpty],
      [{}, SERVER_MSG.importEmpty],
      [{ content: 12 }, SERVER_MSG.importEmpty],
      [{ content: 'x'.repeat(STAFF_LIMITS.importMaxBytes + 1) }, SERVER_MSG.importTooLarge],
      // Fewer characters than the limit, but more bytes: the limit is the file's size.
      [{ content: '中'.repeat(Math.ceil(STAFF_LIMITS.importMaxBytes / 3) + 1) }, SERVER_MSG.importTooLarge],
      [
        { content: 'x', fileName: 'f'.repeat(STAFF_LIMITS.importFileNameMax + 1) },
        SERVER_MSG.importFileNameInvalid,
      ],
      [{ content: 'x', fileName: 5 }, SERVER_MSG.importFileNameInvalid],
    ];
    for (const [body, msg] of cases) expectBadRequest(await start(body), msg);
    const tooBig = await start({ content: 'x'.repeat(2 * STAFF_LIMITS.importMaxBytes + 2 * 1024 * 1024) });
    expect({ status: tooBig.statusCode, code: tooBig.json().code }).toEqual({ status: 413, code: 413 });
    expect(await t.database.db.selectFrom('import_jobs').select('id').execute()).toEqual(before);
  });

  it('runs one import at a time: a second start while one runs gets 409', async () => {
    const refused = { status: 409, body: { code: 409, msg: SERVER_MSG.importRunning } };
    const content = jsonLines(Array.from({ length: 4000 }, (_, i) => buildWorkLine({ number: `ONE-${i}` })));
    const first = await start({ content });
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const second = await start({ content: jsonLines([buildWorkLine()]) });
    expect({ status: second.statusCode, body: second.json() }).toEqual(refused);
    expect((await finished(first.json().data.id)).inserted).toBe(4000);

    // A job running on another server (heard from just now) blocks this one too.
    const { id } = await t.database.db
      .insertInto('import_jobs')
      .values({ file_name: 'elsewhere.jsonl' })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    const third = await start({ content: jsonLines([buildWorkLine()]) });
    expect({ status: third.statusCode, body: third.json() }).toEqual(refused);
    await t.database.db.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', id).execute();
  });
});

describe('GET /v2/admin/imports/{id}', () => {
  it('answers 404 for an unknown job and 400 for a bad id', async () => {
    const missing = await poll('999999');
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { code: 404, msg: SERVER_MSG.importNotFound },
    });
    for (const id of ['abc', '0', '1e3']) expect((await poll(id)).statusCode, id).toBe(400);
    expectBadRequest(await t.get(STAFF_API.imports, { pageSize: 0 }, staff), SERVER_MSG.badRequest);
  });

  it('marks a job whose server died (no word for minutes) failed, and lets a new import start', async () => {
    const { id } = await t.database.db
      .insertInto('import_jobs')
      .values({
        file_name: 'dead.jsonl',
        total_lines: 10,
        lines_read: 4,
        updated_at: sql<Date>`now() - make_interval(secs => ${STALE_AFTER_MS / 1000 + 1})`,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    expect((await poll(id)).json().data).toMatchObject({
      status: 'failed',
      linesRead: 4,
      message: SERVER_MSG.importInterrupted,
      finishTime: expect.any(String),
    });
    const next = await start({ content: jsonLines([buildWorkLine()]) });
    expect(next.statusCode, next.body).toBe(200);
    expect((await finished(next.json().data.id)).status).toBe('done');
  });

  it('fails a job left running at start-up when no other process can run one (PGlite)', async () => {
    const { id } = await t.database.db
      .insertInto('import_jobs')
      .values({ file_name: 'left.jsonl' })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    const restarted = await buildApp({ config: t.config, database: t.database });
    await restarted.ready();
    await restarted.close();
    const job = (await poll(id)).json().data as ImportJob;
    // On PostgreSQL another server may be running it: it fails only once it falls silent.
    expect(job.status).toBe(t.database.kind === 'pglite' ? 'failed' : 'running');
    await t.database.db.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', id).execute();
  });

  it('ends a running job failed when its server closes, keeping what was written', async () => {
    const other = await createTestApp();
    const caller = await insertRoleCaller(other, ['member', 'content']);
    const content = jsonLines(Array.from({ length: 3000 }, (_, i) => buildWorkLine({ number: `STOP-${i}` })));
    const res = await other.send('POST', STAFF_API.imports, { content }, caller.headers);
    expect(res.statusCode, res.body).toBe(200);
    await other.app.close();
    const job = await other.database.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    await other.database.close();
    expect(job).toMatchObject({ status: 'failed', message: SERVER_MSG.importInterrupted });
    expect(job.lines_read).toBeLessThan(3000);
    expect(job.finished_at).toBeInstanceOf(Date);
  });
});
