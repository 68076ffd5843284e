import { API, fillPath } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';
import { loadConfig } from '../../config';
import { ifNoneMatchHits, weakEtag } from '../../http/http-caching';

// Decision 017: anonymous catalogue reads carry a weak ETag and `public, max-age=<cache TTL>`,
// answer 304 to a matching If-None-Match, and nothing caller-specific or failed is ever cached.
const LIST_QUERY = { modName: 'censored', date: 999, pageNum: 1, pageSize: 32 };

let t: TestApp;
let workId: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [
    buildWorkLine({ channel: 'censored', number: 'HTTP-001', title: '缓存的故事' }),
  ]);
  const list = await t.get(API.worksList, LIST_QUERY);
  workId = (list.json().rows as Array<{ id: string }>)[0]!.id;
});
afterAll(() => t.close());

describe('anonymous catalogue reads', () => {
  it('carry a weak ETag of the body and a public max-age equal to the cache TTL', async () => {
    const res = await t.get(API.worksList, LIST_QUERY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(res.headers.etag).toBe(weakEtag(res.body));
  });

  it('answer 304 without a body when If-None-Match names the current ETag', async () => {
    const first = await t.get(API.worksList, LIST_QUERY);
    const etag = String(first.headers.etag);
    const again = await t.get(API.worksList, LIST_QUERY, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=10');
    // A stale tag (or a list of others) gets the full answer.
    const stale = await t.get(API.worksList, LIST_QUERY, { 'if-none-match': 'W/"old", "older"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().rows).toHaveLength(1);
  });

  it('still check the signature before answering 304', async () => {
    const first = await t.get(API.worksList, LIST_QUERY);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/prod-api${API.worksList}`,
      query: { modName: 'censored' },
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('cover every catalogue call: detail, magnets, tag groups, sidebars', async () => {
    const calls = [
      t.get(fillPath(API.workDetail, { id: workId })),
      t.get(API.magnets, { keyword: 'HTTP-001' }),
      t.get(API.tagChannel, { modId: 1 }),
      t.get(API.tagList, { tableName: 'maker', modId: 1 }),
      t.get(API.performerList, { modName: 'censored' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=10');
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    }
  });

  it('mark the anonymous detail as varying with Authorization, so it never answers a signed-in caller', async () => {
    const res = await t.get(fillPath(API.workDetail, { id: workId }));
    expect(res.headers.vary).toMatch(/authorization/i);
  });
});

describe('answers sent serialised (decision 052)', () => {
  it('send the same bytes as a fresh answer, and a signed-in caller gets their own flags', async () => {
    const fresh = await createTestApp({ catalogueCacheMs: 0 }, { database: t.database });
    try {
      const path = fillPath(API.workDetail, { id: workId });
      for (const [url, query] of [
        [API.worksList, LIST_QUERY],
        [path, {}],
      ] as const) {
        const stored = [await t.get(url, query), await t.get(url, query)];
        const again = await fresh.get(url, query);
        for (const res of stored) {
          expect(res.body).toBe(again.body);
          expect(res.headers['content-type']).toBe(again.headers['content-type']);
        }
      }
      const { headers: authHeader } = await insertCaller(t);
      expect((await t.send('POST', API.like, { dataId: workId, status: 0 }, authHeader)).statusCode).toBe(
        200,
      );
      expect((await t.get(path, {}, authHeader)).json()).toMatchObject({ like: true });
      expect((await t.get(path)).json()).toMatchObject({ like: false });
    } finally {
      await fresh.app.close();
    }
  });
});

describe('what is never cached', () => {
  it('a detail read with a valid token: private, no-store, no ETag, never 304', async () => {
    const { headers: authHeader } = await insertCaller(t);
    const path = fillPath(API.workDetail, { id: workId });
    const anonymous = await t.get(path);
    const res = await t.get(path, {}, { ...authHeader, 'if-none-match': String(anonymous.headers.etag) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/authorization/i);
    expect(res.headers.etag).toBeUndefined();
    expect(res.json()).toMatchObject({ like: false, collect: false });
  });

  it('errors: a missing work, bad input, a bad token', async () => {
    const missing = await t.get(fillPath(API.workDetail, { id: '123456789012345678' }));
    const bad = await t.get(API.worksList, { pageSize: 1000 });
    const badToken = await t.get(fillPath(API.workDetail, { id: workId }), {}, { authorization: 'Bearer x' });
    for (const [res, status] of [
      [missing, 404],
      [bad, 400],
      [badToken, 401],
    ] as const) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('calls outside the catalogue (a user’s own lists)', async () => {
    const { headers: authHeader } = await insertCaller(t);
    const res = await t.get(API.likeList, { pageNum: 1, pageSize: 10 }, authHeader);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('with the catalogue cache turned off (CATALOGUE_CACHE_MS=0)', () => {
  it('answers must be revalidated every time, and 304 still saves the body', async () => {
    const uncached = await createTestApp({ catalogueCacheMs: 0 });
    try {
      const first = await uncached.get(API.tagChannel, { modId: 1 });
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await uncached.get(
        API.tagChannel,
        { modId: 1 },
        { 'if-none-match': String(first.headers.etag) },
      );
      expect(again.statusCode).toBe(304);
    } finally {
      await uncached.close();
    }
  });
});

describe('CATALOGUE_CACHE_MS', () => {
  // Secrets given, so loading the config writes nothing into DATA_DIR.
  const env = {
    DATA_DIR: 'memory://',
    JWT_SECRET: 'x'.repeat(32),
    SANDBOX_PAY_KEY: 'y'.repeat(16),
    MEDIA_SIGNING_KEYS: `k1:${'z'.repeat(32)}`,
    TWO_FACTOR_KEY: 'ab'.repeat(32),
  };
  it('is 10 s unless set, 0 turns the cache off, and nonsense stops the start naming it', () => {
    expect(loadConfig(env).catalogueCacheMs).toBe(10_000);
    expect(loadConfig({ ...env, CATALOGUE_CACHE_MS: '0' }).catalogueCacheMs).toBe(0);
    expect(() => loadConfig({ ...env, CATALOGUE_CACHE_MS: '-1' })).toThrow(/CATALOGUE_CACHE_MS/);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['W/"abcd"', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});
