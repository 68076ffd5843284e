import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberKey, signRequest } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkSink } from '../bench/data/bulk-sink';
import { copyTextArray } from '../bench/data/copy-text';
import { loadBenchData, NotEmptyError } from '../bench/data/load-bench-data';
import { openPgliteSink } from '../bench/data/pglite-sink';
import { openPostgresSink } from '../bench/data/postgres-sink';
import type { Progress } from '../bench/data/progress';
import { LOADED_TABLES } from '../bench/data/schema-ops';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/connection';
import type { DB } from '../src/db/schema';
import { searchText, titleGrams } from '../src/features/catalogue/search/text';
import { expectCountersExact, expectEntityNamesExact } from './catalogue-counts';
import { createTestDatabase } from './db';

// The bench data generator (npm run bench:data) at 300 works: what it writes must be what the
// app and its writer would have written. PGlite in a temporary directory by default; with
// DATABASE_URL, a temporary database on that PostgreSQL server.

const silent: Progress = { startTable() {}, rows() {}, endTable() {}, note() {} };
const WORKS = 300;

interface Target {
  sink: BulkSink;
  /** The loaded database, opened as the server opens it. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function createTarget(): Promise<Target> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'yingku-bench-data-test-'));
    return {
      sink: await openPgliteSink(dir),
      open: () => openDatabase({ dataDir: dir }),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `yk_bench_data_test_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    sink: await openPostgresSink(url.toString()),
    open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
    remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

let target: Target;
let database: Database;
let db: Kysely<DB>;

const count = async (query: string) => Number((await sql.raw<{ n: string }>(query).execute(db)).rows[0]!.n);

beforeAll(async () => {
  target = await createTarget();
  try {
    await loadBenchData(target.sink, { works: WORKS, today: '2026-03-01', progress: silent });
    // A second run into the same database is refused: nobody wipes a real site by accident.
    await expect(loadBenchData(target.sink, { works: WORKS, progress: silent })).rejects.toBeInstanceOf(
      NotEmptyError,
    );
  } finally {
    await target.sink.close();
  }
  database = await target.open();
  db = database.db;
}, 120_000);

afterAll(async () => {
  await database?.close();
  await target?.remove();
});

describe('bench data', () => {
  it('writes the requested works in three channels, with magnets, links, users and a library', async () => {
    expect(await count('SELECT count(*) AS n FROM works')).toBe(WORKS);
    expect(await count('SELECT count(DISTINCT channel) AS n FROM works')).toBe(3);
    for (const table of LOADED_TABLES)
      expect(await count(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    const tagsPerWork = (await count('SELECT count(*) AS n FROM work_tags')) / WORKS;
    expect(tagsPerWork).toBeGreaterThan(6);
    expect(tagsPerWork).toBeLessThan(10);
    // has_magnet says whether the work's number key has magnets.
    expect(
      await count(`SELECT count(*) AS n FROM works w
        WHERE w.has_magnet <> EXISTS (SELECT 1 FROM magnets m WHERE m.number_key = w.number_key)`),
    ).toBe(0);
  });

  it('leaves the schema exactly as the migrations make it: every key, index and foreign key back', async () => {
    const shape = async (target: Kysely<DB>) =>
      (
        await sql<{ d: string }>`
          SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d
          FROM pg_constraint WHERE connamespace = 'public'::regnamespace
          UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
          ORDER BY 1`.execute(target)
      ).rows.map((r) => r.d);
    // The same kind of database, freshly migrated.
    const fresh = await createTestDatabase();
    try {
      expect(await shape(db)).toEqual(await shape(fresh.db));
    } finally {
      await fresh.close();
    }
  });

  it('computes ids, number keys and search columns as the catalogue writer does', async () => {
    const works = await db
      .selectFrom('works')
      .select(['id', 'number', 'number_key', 'title', 'search_text', 'title_grams'])
      .execute();
    expect(new Set(works.map((w) => w.id)).size).toBe(WORKS);
    expect(new Set(works.map((w) => w.number_key)).size).toBe(WORKS);
    for (const w of works) {
      expect(w.id).toMatch(/^\d{16,19}$/);
      expect(w.number_key).toBe(numberKey(w.number));
      expect(w.search_text).toBe(searchText(w.number, w.title));
      expect([...w.title_grams].sort()).toEqual(titleGrams(w.title).sort());
    }
  });

  it('keeps every count equal to the rows it counts', async () => {
    for (const table of ['makers', 'labels', 'series', 'directors', 'items']) {
      expect(
        await count(`SELECT count(*) AS n FROM ${table} e
          WHERE e.work_count <> (SELECT count(*) FROM work_${table} l WHERE l.entity_id = e.id)`),
        table,
      ).toBe(0);
    }
    expect(
      await count(`SELECT count(*) AS n FROM tags e
        WHERE e.work_count <> (SELECT count(*) FROM work_tags l WHERE l.entity_id = e.id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM performers p
        WHERE (p.censored_count, p.uncensored_count, p.western_count) <> (
          SELECT count(*) FILTER (WHERE channel = 1), count(*) FILTER (WHERE channel = 2),
            count(*) FILTER (WHERE channel = 3)
          FROM work_performers l WHERE l.entity_id = p.id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM works w
        WHERE w.like_count <> (SELECT count(*) FROM likes l WHERE l.work_id = w.id)
          OR w.collect_count <> (SELECT count(DISTINCT user_id) FROM collect_entries c WHERE c.work_id = w.id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM collect_folders f
        WHERE f.work_count <> (SELECT count(*) FROM collect_entries c WHERE c.folder_id = f.id)`),
    ).toBe(0);
    // Members' ratings are combined into the works' figures (decision 044), and some works have reviews.
    expect(await count(`SELECT count(*) AS n FROM work_ratings WHERE review IS NOT NULL`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM works w
        WHERE (w.member_ratings, w.review_count, w.evaluates) <> (
          SELECT count(*), count(review), w.imported_evaluates + count(*)
          FROM work_ratings r WHERE r.work_id = w.id)
          OR (w.review_count > 0) <> (w.review_heat > 0)`),
    ).toBe(0);
  });

  it('fills the counters of decision 016 and the entity names exactly, and leaves their triggers on', async () => {
    await expectCountersExact(db);
    await expectEntityNamesExact(db);
    expect(
      await count(`SELECT count(*) AS n FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`),
    ).toBe(0);
  });

  it('copies channel and publish date into every link, and keeps the library consistent', async () => {
    for (const link of ['work_makers', 'work_performers', 'work_tags']) {
      expect(
        await count(`SELECT count(*) AS n FROM ${link} l JOIN works w ON w.id = l.work_id
          WHERE (l.channel, l.pub_date) <> (w.channel, w.pub_date)`),
        link,
      ).toBe(0);
    }
    // Every user has exactly one default folder, as registration makes it.
    expect(
      await count(`SELECT count(*) AS n FROM users u
        WHERE (SELECT count(*) FROM collect_folders f WHERE f.user_id = u.id AND f.is_default) <> 1`),
    ).toBe(0);
    // An entry's folder belongs to the entry's user.
    expect(
      await count(`SELECT count(*) AS n FROM collect_entries e JOIN collect_folders f ON f.id = e.folder_id
        WHERE f.user_id <> e.user_id`),
    ).toBe(0);
  });

  it('gives some members follows, each of an entity that exists, counted in their tallies', async () => {
    expect(await count(`SELECT count(*) AS n FROM follows`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM follows f WHERE NOT EXISTS (
        SELECT 1 FROM performers WHERE f.kind = 'performer' AND id = f.entity_id
        UNION ALL SELECT 1 FROM makers WHERE f.kind = 'maker' AND id = f.entity_id
        UNION ALL SELECT 1 FROM series WHERE f.kind = 'series' AND id = f.entity_id
        UNION ALL SELECT 1 FROM directors WHERE f.kind = 'director' AND id = f.entity_id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM member_tallies t
        WHERE t.follows <> (SELECT count(*) FROM follows f WHERE f.user_id = t.user_id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(DISTINCT user_id) AS n FROM follows
        WHERE user_id NOT IN (SELECT user_id FROM member_tallies)`),
    ).toBe(0);
  });

  it('moves identities past the loaded ids, so the app can add rows', async () => {
    const loaded = await count('SELECT max(id) AS n FROM makers');
    const maker = await db
      .insertInto('makers')
      .values({ channel: 1, name: 'bench-data-test maker' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(Number(maker.id)).toBe(loaded + 1);
    await db.deleteFrom('makers').where('id', '=', maker.id).execute();
  });
});

describe('the app on bench data', () => {
  let app: FastifyInstance;
  const config = testConfig();
  const get = (url: string, query: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: `/prod-api${url}`,
      query,
      headers: signRequest({ params: query, secret: config.signSecret, appId: config.appId }),
    });

  beforeAll(async () => {
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers a list and a work detail from it', async () => {
    const list = await get('/v2/works/detail/list', { modName: 'censored', date: '999', pageSize: '10' });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { rows: Array<{ id: string }>; total: number };
    expect(body.rows).toHaveLength(10);
    expect(body.total).toBe(await count('SELECT count(*) AS n FROM works WHERE channel = 1'));

    const detail = await get(`/v2/works/detail/${body.rows[0]!.id}`, {});
    expect(detail.statusCode, detail.body).toBe(200);
    const work = detail.json();
    expect(work.data.id).toBe(body.rows[0]!.id);
    expect(work.maker).toHaveLength(1);
    expect(work.tags.length).toBeGreaterThan(0);
  });
});

describe('COPY text', () => {
  it('quotes array elements and escapes what would break a line or a field', () => {
    expect(copyTextArray(['a', 'b,c', 'say "hi"', 'back\\slash', 'tab\there'])).toBe(
      '{"a","b,c","say \\\\"hi\\\\"","back\\\\\\\\slash","tab\\there"}',
    );
  });
});
