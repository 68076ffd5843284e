import { request as httpRequest } from 'node:http';
import { API, fillPath, LIMITS, SERVER_MSG, signRequest, STAFF_API } from '@yingku/contract';
import fc from 'fast-check';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { buildWorkLine, insertWorks } from '../../test/factories';
import { insertRoleCaller } from '../../test/staff';
import { insertCaller } from '../../test/users';
import { registerErrorHandling } from './error-handler';
import { nestedDeeperThan, wellFormed } from './hostile-input';

// Input no route should see (NUL, lone surrogates, ids past int64, deep nesting, huge request
// lines) is a 400 envelope — or a 404 for a work id no work can have — and changes nothing.
// On PostgreSQL (DATABASE_URL) a NUL that got through would be a 500 from the database.

let t: TestApp;
let member: { authorization: string };
let staff: { authorization: string };
let packageId: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [buildWorkLine({ number: 'HOST-001', title: '普通的标题' })]);
  member = (await insertCaller(t)).headers;
  staff = (await insertRoleCaller(t, ['member', 'admin'])).headers;
  const pkg = await t.database.db
    .selectFrom('vip_packages')
    .select(sql<string>`id::text`.as('id'))
    .executeTakeFirst();
  packageId = pkg?.id ?? '1';
});

afterAll(async () => {
  await t?.close();
});

const WRITTEN = [
  'users',
  'collect_folders',
  'support_threads',
  'activation_codes',
  'import_jobs',
  'orders',
  'likes',
] as const;

/** Row counts of the tables a hostile request could write to. */
async function writtenRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITTEN) {
    const row = await t.database.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

function expectEnvelope(res: { statusCode: number; body: string }, status: number, msg: string) {
  expect({ status: res.statusCode, body: JSON.parse(res.body) }, res.body).toEqual({
    status,
    body: { code: status, msg },
  });
}

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00z';

describe('NUL and lone surrogates in any text field', () => {
  const cases: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
    ['keyword', () => t.get(API.worksList, { keyword: NUL })],
    ['magnet keyword', () => t.get(API.magnets, { keyword: `HOST-001${NUL}` })],
    [
      'login userName',
      () => t.send('POST', API.login, { userName: `user${NUL}name`, password: 'password1' }),
    ],
    [
      'register userName',
      () =>
        t.send('POST', API.register, {
          userName: `newuser${LONE_LOW}`,
          password: 'password1',
          confirmPassword: 'password1',
          email: 'someone@example.com',
        }),
    ],
    [
      'folder name',
      () => t.send('POST', API.createFolder, { cateName: `夹${NUL}`, description: '' }, member),
    ],
    [
      'folder description',
      () => t.send('POST', API.createFolder, { cateName: '收藏', description: `说明${NUL}` }, member),
    ],
    ['a message', () => t.send('POST', API.messageCreate, { message: `你好${NUL}请问` }, member)],
    ['a key', () => t.send('POST', API.messageCreate, { message: '你好', [`x${NUL}`]: 1 }, member)],
    ['staff user filter', () => t.get(STAFF_API.users, { keyword: NUL }, staff)],
    ['staff code filter', () => t.get(STAFF_API.codes, { batch: `b${NUL}` }, staff)],
    [
      'code batch name',
      () => t.send('POST', STAFF_API.codes, { packageId, count: 1, batch: `批次${LONE_HIGH}` }, staff),
    ],
    [
      'import fileName',
      () =>
        t.send(
          'POST',
          STAFF_API.imports,
          { fileName: `works${NUL}.jsonl`, content: JSON.stringify(buildWorkLine({ number: 'HOST-002' })) },
          staff,
        ),
    ],
    ['import content', () => t.send('POST', STAFF_API.imports, { fileName: 'w.jsonl', content: NUL }, staff)],
    ['a path parameter', () => t.get(fillPath(API.messageThread, { id: '1\u0000' }), {}, member)],
  ];

  it.each(cases)('%s: 400, nothing written', async (_name, send) => {
    const before = await writtenRows();
    expectEnvelope(await send(), 400, SERVER_MSG.badCharacters);
    expect(await writtenRows()).toEqual(before);
  });

  it('keeps every well-formed text, emoji and CJK included', async () => {
    const res = await t.get(API.worksList, { keyword: '标题😀' });
    expect(res.statusCode).toBe(200);
    expect(wellFormed({ a: ['😀', { 键: '値' }] })).toBe(true);
    expect(wellFormed({ a: ['\uD83D'] })).toBe(false);
  });
});

describe('ids past int64', () => {
  it('a tagsId entry past int64 is a 400 naming tagsId', async () => {
    const res = await t.get(API.worksList, { tagsId: '1,9223372036854775808' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('tagsId');
  });

  it.each([API.workDetail, API.videoStream])(
    '%s: a number no work can have is 404 作品不存在',
    async (path) => {
      for (const id of ['9999999999999999999', '99999999999999999999999', '0']) {
        expectEnvelope(await t.get(fillPath(path, { id }), {}, member), 404, SERVER_MSG.workNotFound);
      }
      expectEnvelope(await t.get(fillPath(path, { id: '12ab' }), {}, member), 400, SERVER_MSG.badWorkId);
    },
  );
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('a body nested 100,000 deep is a 400 before the signature check, and the server lives on', async () => {
    // Signing headers present (over another body): the check would walk the body to verify them.
    const signing = signRequest({ params: {}, secret: t.config.signSecret, appId: t.config.appId });
    for (const headers of [signing, { ...signing, ...member }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/prod-api${API.messageCreate}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: `{"message":${nested(100_000)}}`,
      });
      expectEnvelope(res, 400, SERVER_MSG.bodyTooDeep);
    }
    const after = await t.get(API.worksList, { keyword: 'HOST-001' });
    expect(after.json().total).toBe(1);
  });

  it('counts brackets, not brackets inside strings', () => {
    expect(nestedDeeperThan(nested(LIMITS.maxJsonDepth), LIMITS.maxJsonDepth)).toBe(false);
    expect(nestedDeeperThan(nested(LIMITS.maxJsonDepth + 1), LIMITS.maxJsonDepth)).toBe(true);
    expect(nestedDeeperThan(JSON.stringify({ a: '[[[[[[[[[["\\' }), 3)).toBe(false);
    expect(nestedDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
  });
});

describe('the keys of prototype poisoning', () => {
  it('refuses __proto__ and constructor.prototype anywhere in a body, writing nothing', async () => {
    const before = await writtenRows();
    const bodies = [
      '{"message":"你好","__proto__":{"role":"admin"}}',
      '{"message":"你好","constructor":{"prototype":{"role":"admin"}}}',
      '{"message":{"a":[{"constructor":{"prototype":{"x":1}}}]}}',
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/prod-api${API.messageCreate}`,
        headers: { 'content-type': 'application/json', ...member },
        payload,
      });
      expectEnvelope(res, 400, SERVER_MSG.bodyForbiddenKeys);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(await writtenRows()).toEqual(before);
  });

  it('takes a key named constructor that holds no prototype, and says "not JSON" for what is not', async () => {
    const fine = await t.app.inject({
      method: 'POST',
      url: `/prod-api${API.messageCreate}`,
      headers: { 'content-type': 'application/json', ...member },
      payload: '{"message":"你好","constructor":"x"}',
    });
    expect(fine.json().msg).not.toBe(SERVER_MSG.bodyForbiddenKeys);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/prod-api${API.messageCreate}`,
      headers: { 'content-type': 'application/json', ...member },
      payload: '{"message":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe(`${SERVER_MSG.badRequest}：请求体不是合法的 JSON`);
  });
});

describe('a request line past 16 KB', () => {
  it('is answered 431 in the envelope', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(base);
    const keyword = 'x'.repeat(20 * 1024);
    const answer = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/prod-api${API.worksList}?keyword=${keyword}`, method: 'GET' },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.type).toMatch(/^application\/json/);
    expectEnvelope({ statusCode: answer.status, body: answer.body }, 431, SERVER_MSG.headersTooLarge);
  });
});

describe('any text and any nesting, drawn at random', () => {
  // Arbitrary Unicode (NUL, lone surrogates, astral characters) and arbitrary JSON shapes. (A
  // query string cannot carry a lone surrogate: URL decoding makes it U+FFFD.)
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', 'x\u0000', '9223372036854775808', '-1', ''),
  );
  const anyJson = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      anyText,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(anyText, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
  const posts = [
    API.login,
    API.register,
    API.createFolder,
    API.collectAdds,
    API.collectEdit,
    API.like,
    API.copy,
    API.messageCreate,
    API.messageFollowUp,
    API.messageClose,
    API.submitOrder,
    API.redeem,
    STAFF_API.codes,
    STAFF_API.packages,
  ];
  const gets = [API.worksList, API.magnets, API.tagList, API.performerList, STAFF_API.users, STAFF_API.codes];
  const fields = [
    'keyword',
    'userName',
    'cateName',
    'description',
    'message',
    'dataId',
    'tagsId',
    'batch',
    'id',
  ];
  const ok = (status: number) => [200, 400, 403, 404, 409, 429].includes(status);

  it('POST bodies: a 2xx/4xx envelope, never a 500, nested as deep as you like', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.dictionary(fc.oneof(fc.constantFrom(...fields), anyText), anyJson, { maxKeys: 4 }),
        fc.nat({ max: 3 * LIMITS.maxJsonDepth }),
        async (path, body, depth) => {
          let deep: unknown = 0;
          for (let i = 0; i < depth; i += 1) deep = [deep];
          const nestedBody = { ...body, deep };
          const res = await t.send('POST', path, nestedBody, staff);
          expect(ok(res.statusCode), `${path} ${res.statusCode} ${res.body}`).toBe(true);
          const envelope = res.json();
          expect(envelope.code).toBe(res.statusCode);
          expect(typeof envelope.msg).toBe('string');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('query strings: a 2xx/4xx envelope, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gets),
        fc.dictionary(fc.constantFrom(...fields), anyText, { maxKeys: 4 }),
        async (path, query) => {
          const res = await t.get(path, query, staff);
          expect(ok(res.statusCode), `${path} ${res.statusCode} ${res.body}`).toBe(true);
          expect(res.json().code).toBe(res.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('what the database refuses anyway', () => {
  it('is a 400, not a 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/:code', async (request) => {
      const { code } = request.params as { code: string };
      throw Object.assign(new Error('refused by PostgreSQL'), { code });
    });
    expectEnvelope(await app.inject('/22021'), 400, SERVER_MSG.badCharacters);
    expectEnvelope(await app.inject('/22P05'), 400, SERVER_MSG.badCharacters);
    expectEnvelope(await app.inject('/22003'), 400, SERVER_MSG.badRequest);
    await app.close();
  });
});
