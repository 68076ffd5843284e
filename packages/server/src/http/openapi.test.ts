import { API, API_BASE, FOLLOWS_API, fillPath } from '@yingku/contract';
import { Ajv } from 'ajv';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { buildWorkLine, insertWorks } from '../../test/factories';
import { insertCaller } from '../../test/users';
import { openApiTransform } from './openapi';

type JsonSchema = Record<string, unknown>;

/** A validator as a client generated from the document would use: OpenAPI 3.0's `nullable` read. */
const ajv = new Ajv({ strict: true, allErrors: true });

/** The document's schema of one answer, through openApiTransform, for a zod response schema. */
function documented(response: z.ZodType): JsonSchema {
  const { schema } = openApiTransform({
    schema: { response: { 200: response } },
    url: '/x',
    route: {} as RouteOptions,
    openapiObject: { openapi: '3.0.3' },
  });
  return (schema as { response: Record<string, JsonSchema> }).response['200']!;
}

describe('openApiTransform', () => {
  const forms: [string, z.ZodType, unknown, unknown][] = [
    ['a nullable enum', z.enum(['want', 'watched']).nullable(), 'want', 'liked'],
    ['a nullable literal', z.literal('x').nullable(), 'x', 'y'],
    ['a nullable string', z.string().nullable(), 'text', 1],
    ['a nullable union', z.union([z.string(), z.number()]).nullable(), 2, true],
    ['a nullable union of literals', z.union([z.literal(0), z.literal(1)]).nullable(), 1, 2],
    ['a nullable object', z.object({ a: z.string() }).nullable(), { a: 'x' }, { a: 1 }],
    ['a nullable array', z.array(z.string()).nullable(), ['x'], [1]],
  ];

  it.each(forms)('makes %s accept null, its values and nothing else', (_, form, value, wrong) => {
    for (const [name, schema] of [
      ['alone', z.object({ field: form })],
      ['in an array', z.object({ field: z.array(form) })],
      ['deeper', z.object({ outer: z.object({ field: form }) })],
    ] as const) {
      const wrap = (v: unknown) =>
        name === 'alone' ? { field: v } : name === 'in an array' ? { field: [v] } : { outer: { field: v } };
      const validate = ajv.compile(documented(schema));
      expect(validate(wrap(null)), `${name}: null`).toBe(true);
      expect(validate(wrap(value)), `${name}: ${JSON.stringify(value)}`).toBe(true);
      expect(validate(wrap(wrong)), `${name}: ${JSON.stringify(wrong)}`).toBe(false);
    }
  });

  it('leaves schemas that refuse null refusing it', () => {
    const validate = ajv.compile(documented(z.object({ mark: z.enum(['want', 'watched']) })));
    expect(validate({ mark: null })).toBe(false);
    expect(validate({ mark: 'want' })).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, JsonSchema> }>> };
  let work: string;
  let bare: string;
  let performer: string;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { ids } = await insertWorks(t.database.db, [
      buildWorkLine({
        number: 'DOC-001',
        title: '文档作品',
        mp4: 'demo/DOC-001.mp4',
        imageSmall: ['demo/still/DOC-001-1.svg'],
        performers: [{ name: '文档演员', nameCn: '文档演员中文' }, '无译名演员'],
        makers: ['文档厂商'],
        labels: ['文档发行'],
        series: ['文档系列'],
        directors: ['文档导演'],
        items: ['文档道具'],
        tags: [
          { group: '类型', name: '文档标签', nameCn: null },
          { group: '类型', name: '译名标签', nameCn: '译名' },
        ],
        magnets: [
          {
            name: 'DOC-001 HD',
            infoHash: 'A'.repeat(40),
            length: 1_048_575_999,
            createTime: '2024-01-02 03:04:05',
            hd: true,
          },
          { name: 'DOC-001', infoHash: 'B'.repeat(40), createTime: '2024-01-01 00:00:00' },
        ],
      }),
      buildWorkLine({ number: 'DOC-002' }),
    ]);
    [work, bare] = [ids[0]!, ids[1]!];
    performer = (
      await t.database.db
        .selectFrom('performers')
        .select('id')
        .where('name', '=', '文档演员')
        .executeTakeFirstOrThrow()
    ).id;
    ({ headers: member } = await insertCaller(t));
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${API.openapi}` });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
  });

  afterAll(() => t.close());

  /** The answer is one the document describes: its status listed, its body valid by that schema. */
  function expectDocumented(method: 'get' | 'post', pattern: string, res: LightMyRequestResponse) {
    const path = `${API_BASE}${pattern.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const call = `${method.toUpperCase()} ${path} → ${res.statusCode}`;
    const operation = doc.paths[path]?.[method];
    expect(operation, `${call} is in the document`).toBeDefined();
    const answer = operation!.responses[String(res.statusCode)] as
      { content?: Record<string, { schema: JsonSchema }> } | undefined;
    const schema = answer?.content?.['application/json']?.schema;
    expect(schema, `${call} is documented`).toBeDefined();
    const validate = ajv.compile(schema!);
    validate(res.json());
    expect(validate.errors ?? [], `${call}: ${res.body}`).toEqual([]);
  }

  async function get(
    pattern: string,
    params: Record<string, string> = {},
    query: Record<string, string | number> = {},
    headers: Record<string, string> = {},
    status = 200,
  ) {
    const res = await t.get(fillPath(pattern, params), query, headers);
    expect(res.statusCode, `GET ${pattern}: ${res.body}`).toBe(status);
    expectDocumented('get', pattern, res);
    return res;
  }

  async function post(pattern: string, body: Record<string, unknown>, headers: Record<string, string>) {
    const res = await t.send('POST', pattern, body, headers);
    expect(res.statusCode, `POST ${pattern}: ${res.body}`).toBe(200);
    expectDocumented('post', pattern, res);
    return res;
  }

  it('describes the catalogue’s answers, anonymous', async () => {
    await get(API.worksList);
    await get(API.worksList, {}, { modName: 'censored', sort: 'evaluates', date: 999, pageSize: 10 });
    await get(API.worksList, {}, { keyword: 'DOC' });
    await get(API.worksList, {}, { tableName: 'performer', tagsId: performer });
    await get(API.workDetail, { id: work });
    await get(API.workDetail, { id: bare });
    await get(API.workDetail, { id: '9000000000000000001' }, {}, {}, 404);
    await get(API.magnets, {}, { keyword: 'DOC-001' });
    await get(API.magnets, {}, { keyword: 'DOC-001', order: 'size' });
    await get(API.magnets, {}, { keyword: 'DOC-002' });
    await get(API.tagChannel, {}, { modName: 'censored' });
    for (const tableName of ['maker', 'label', 'series', 'director', 'item', 'performer']) {
      await get(API.tagList, {}, { tableName, modId: 1 });
    }
    await get(API.performerList);
    await get(API.searchEntities, {}, { keyword: '文档' });
    await get(API.searchSuggest, {}, { keyword: 'DOC' });
    await get(API.searchSuggest, {}, { keyword: '文档' });
  });

  it('describes a member’s answers, with a mark set and with none', async () => {
    await get(API.userInfo, {}, {}, member);
    await get(API.workDetail, { id: work }, {}, member);
    await post(API.like, { dataId: work, status: 0 }, member);
    await get(API.workDetail, { id: work }, {}, member);
    await get(API.likeList, {}, {}, member);
    await get(API.folderList, {}, {}, member);
    await get(API.collectList, {}, {}, member);

    await get(FOLLOWS_API.markOf, { dataId: work }, {}, member);
    expect((await post(FOLLOWS_API.mark, { dataId: work, mark: 'want' }, member)).json().data).toEqual({
      mark: 'want',
    });
    await get(FOLLOWS_API.markOf, { dataId: work }, {}, member);
    await get(FOLLOWS_API.markList, {}, { mark: 'want' }, member);
    await get(API.workDetail, { id: work }, {}, member);
    expect((await post(FOLLOWS_API.mark, { dataId: work, mark: 'none' }, member)).json().data).toEqual({
      mark: null,
    });
    expect((await get(FOLLOWS_API.markOf, { dataId: work }, {}, member)).json().data).toEqual({ mark: null });
    await get(FOLLOWS_API.watchedIds, {}, {}, member);

    await post(FOLLOWS_API.follow, { kind: 'performer', entityId: performer, status: 0 }, member);
    await get(FOLLOWS_API.followList, {}, {}, member);
    await get(FOLLOWS_API.followKeys, {}, {}, member);
    await get(FOLLOWS_API.feed, {}, {}, member);
    await get(API.vipList, {}, {}, member);
    await get(API.ordersList, {}, {}, member);
  });
});
