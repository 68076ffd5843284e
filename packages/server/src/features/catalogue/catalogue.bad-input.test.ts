import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [buildWorkLine({ number: 'SAFE-001', title: '安全的标题' })]);
});

afterAll(async () => {
  await t.close();
});

async function expectBadRequest(path: string, query: Record<string, string>, field: string) {
  const res = await t.get(path, query);
  expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'msg']);
  expect(body.code).toBe(400);
  expect(body.msg).toContain(field);
}

describe('bad input gets a clear 400 naming the field', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['/v2/works/detail/list', { pageNum: '-1' }, 'pageNum'],
    ['/v2/works/detail/list', { pageNum: '0' }, 'pageNum'],
    ['/v2/works/detail/list', { pageNum: 'abc' }, 'pageNum'],
    ['/v2/works/detail/list', { pageNum: '1.5' }, 'pageNum'],
    ['/v2/works/detail/list', { pageNum: '99999999' }, 'pageNum'],
    ['/v2/works/detail/list', { pageSize: '100000' }, 'pageSize'],
    ['/v2/works/detail/list', { pageSize: '-5' }, 'pageSize'],
    ['/v2/works/detail/list', { modName: 'amateur' }, 'modName'],
    ['/v2/works/detail/list', { sort: 'random' }, 'sort'],
    ['/v2/works/detail/list', { date: '7' }, 'date'],
    ['/v2/works/detail/list', { tagsId: '1,abc' }, 'tagsId'],
    ['/v2/works/detail/list', { tagsId: '1,2,3,4,5,6,7,8,9' }, 'tagsId'],
    ['/v2/works/detail/list', { makerId: '1 OR 1=1' }, 'makerId'],
    ['/v2/works/detail/list', { performerId: '99999999999999999999' }, 'performerId'],
    ['/v2/works/detail/list', { isDht: 'yes' }, 'isDht'],
    ['/v2/dht/list', { keyword: 'SSIS-001', order: 'random' }, 'order'],
    ['/v2/dht/list', { keyword: 'SSIS-001', pageSize: '1000' }, 'pageSize'],
    ['/v2/tag/list', { tableName: 'users' }, 'tableName'],
    ['/v2/tag/list', { tableName: 'maker', modId: '4' }, 'modId'],
    ['/v2/tag/channel', { modId: '0' }, 'modId'],
    ['/v2/works/performer/list', { modName: 'x' }, 'modName'],
    ['/v2/works/performer/list', { sort: 'name; drop table works' }, 'sort'],
  ];
  it.each(cases)('%s %j', async (path, query, field) => {
    await expectBadRequest(path, query, field);
  });
});

describe('SQL and HTML in strings are only text', () => {
  it('finds nothing and breaks nothing', async () => {
    for (const keyword of [
      "'; DROP TABLE works; --",
      '<script>alert(1)</script>',
      "' OR '1'='1",
      '\\',
      '%%',
    ]) {
      const res = await t.get('/v2/works/detail/list', { keyword });
      expect(res.statusCode, keyword).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, rows: [], total: 0 });
    }
    const still = await t.get('/v2/works/detail/list', { keyword: 'SAFE-001' });
    expect(still.json().total).toBe(1);
  });
});

describe('any query string whatever', () => {
  const paths = [
    '/v2/works/detail/list',
    '/v2/dht/list',
    '/v2/tag/list',
    '/v2/tag/channel',
    '/v2/works/performer/list',
  ];
  const keys = [
    'pageNum',
    'pageSize',
    'modName',
    'sort',
    'date',
    'keyword',
    'tagsId',
    'makerId',
    'isDht',
    'tableName',
    'modId',
    'order',
  ];

  it('answers 200 or a 400 envelope, never a 500 or a stack', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(fc.constantFrom(...keys), fc.string({ unit: 'binary', maxLength: 40 }), { maxKeys: 5 }),
        async (path, query) => {
          const res = await t.get(path, query);
          expect([200, 400]).toContain(res.statusCode);
          const body = res.json();
          expect(body.code).toBe(res.statusCode);
          expect(typeof body.msg).toBe('string');
          expect(res.body).not.toMatch(/at .*\.ts:\d+|stack/i);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers any detail id with 200, 400 or 404, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), async (id) => {
        const res = await t.get(`/v2/works/detail/${encodeURIComponent(id)}`);
        expect([200, 400, 404]).toContain(res.statusCode);
        expect(res.json().code).toBe(res.statusCode);
      }),
      { numRuns: 100 },
    );
  });
});

describe('GET /prod-api/openapi.json', () => {
  it('describes every catalogue call from the validating schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/prod-api/v2/works/detail/list',
      '/prod-api/v2/works/detail/{id}',
      '/prod-api/v2/dht/list',
      '/prod-api/v2/tag/channel',
      '/prod-api/v2/tag/list',
      '/prod-api/v2/works/performer/list',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const params = doc.paths['/prod-api/v2/works/detail/list'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['pageNum', 'pageSize', 'modName', 'sort', 'date', 'keyword', 'tagsId']),
    );
  });
});
