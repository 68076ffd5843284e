import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { buildWorkLine } from '../../../test/factories';
import { createTestDatabase } from '../../../test/db';
import { importCatalogue, type ImportProgress } from './catalogue-import.service';
import { formatSummary } from './import-report';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'yk-import-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const json = (value: unknown) => JSON.stringify(value);
const good = (number: string, extra: Record<string, unknown> = {}) =>
  json(
    buildWorkLine({
      number,
      performers: ['Imp Performer'],
      tags: [{ group: '类型', name: '剧情' }],
      ...extra,
    }),
  );

/** Lines 1–9: six good, one not JSON, one failing the schema, one the database refuses. */
const FILE_LINES = [
  good('IMP-001', {
    magnets: [{ name: 'IMP-001', infoHash: 'ab'.repeat(20), length: 1, createTime: '2024-01-01 08:00' }],
  }),
  '{"channel": "censored", "number": ',
  good('IMP-002'),
  '',
  json({ ...buildWorkLine({ number: 'IMP-BAD' }), pubDate: '2024-02-30', magnets: [{ infoHash: 'xyz' }] }),
  good('IMP-003', { title: 'NUL \u0000 in a title' }),
  good('IMP-004'),
  good('IMP-005'),
  good('IMP-006'),
];

async function writeSource(name: string, lines: string[]) {
  const file = path.join(dir, name);
  await writeFile(file, lines.join('\r\n') + '\r\n');
  return file;
}

async function worksVersions() {
  const result = await sql<{ number: string; v: string }>`
    SELECT number, xmin::text AS v FROM works ORDER BY number`.execute(database.db);
  return result.rows;
}

describe('importCatalogue', () => {
  let file: string;

  it('loads the good lines and reports each bad one with its line number', async () => {
    file = await writeSource('mixed.jsonl', FILE_LINES);
    const progress: ImportProgress[] = [];
    const report = await importCatalogue(database.db, createReadStream(file), {
      batchSize: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(report).toMatchObject({ linesRead: 8, inserted: 5, updated: 0, unchanged: 0, failed: 3 });
    expect(report.errors.map((e) => e.line)).toEqual([2, 5, 6]);
    expect(report.errors[0]!.reason).toMatch(/^不是合法的 JSON：/);
    expect(report.errors[1]!.reason).toContain('pubDate：不是有效日期');
    expect(report.errors[1]!.reason).toContain('magnets.0');
    expect(report.errors[2]!.reason).toMatch(/^数据库拒绝了这一行：/);
    expect(progress.at(-1)).toEqual({ linesRead: 8, inserted: 5, updated: 0, unchanged: 0, failed: 3 });
    expect(progress.length).toBeGreaterThan(2);

    expect((await worksVersions()).map((w) => w.number)).toEqual([
      'IMP-001',
      'IMP-002',
      'IMP-004',
      'IMP-005',
      'IMP-006',
    ]);
    expect(formatSummary(report)).toMatch(/^Import finished with failed lines: 8 lines: 5 inserted/);
  });

  it('reports every line unchanged the second time and writes nothing', async () => {
    const before = await worksVersions();
    const report = await importCatalogue(database.db, createReadStream(file), { batchSize: 3 });
    expect(report).toMatchObject({ linesRead: 8, inserted: 0, updated: 0, unchanged: 5, failed: 3 });
    expect(await worksVersions()).toEqual(before);
  });

  it('counts a changed line as updated', async () => {
    const lines = [good('IMP-001', { title: '新的标题' }), good('IMP-007')];
    const report = await importCatalogue(database.db, [lines.join('\n')]);
    expect(report).toMatchObject({ linesRead: 2, inserted: 1, updated: 1, unchanged: 0, failed: 0 });
  });

  it('stops on a database failure that is not about a line', async () => {
    const broken = {
      ...database.db,
      transaction: () => ({
        execute: () => Promise.reject(Object.assign(new Error('connection lost'), { code: '08006' })),
      }),
    } as unknown as typeof database.db;
    await expect(importCatalogue(broken, [good('IMP-008')])).rejects.toThrow('connection lost');
  });
});

describe('npm run import', () => {
  it('loads a file, prints failed lines and a summary, and exits 1 when a line failed', async () => {
    await writeSource('cli.jsonl', [good('CLI-001'), 'nope', good('CLI-002')]);
    const cli = path.join(import.meta.dirname, '../../cli/import.ts');
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [tsx, cli, ...args], { env }).catch((e: unknown) => e);
    // The embedded database in a scratch directory, whatever the test run points at.
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data'), INIT_CWD: dir };
    const result = await run('cli.jsonl');
    const { code, stdout, stderr } = result as { code?: number; stdout: string; stderr: string };
    expect(code).toBe(1);
    expect(stderr).toContain('line 2: 不是合法的 JSON');
    expect(stdout).toContain('3 lines: 2 inserted, 0 updated, 0 unchanged, 1 failed');

    const again = await run('cli.jsonl', '--batch-size', '1');
    expect((again as { stdout: string }).stdout).toContain('0 inserted, 0 updated, 2 unchanged, 1 failed');
  }, 60_000);
});
