import { computeEncrypt, computeSign, canonicalParams, MSG, SIGN_HEADERS } from '@yingku/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from './api-error';
import { buildUrl, cleanParams, createApiClient } from './request';

const credentials = { signSecret: 'secret-for-tests', appId: 'app-for-tests' };

function clientWith(fetch: typeof globalThis.fetch) {
  const errors: ApiError[] = [];
  const client = createApiClient({
    baseUrl: '/prod-api',
    credentials: () => credentials,
    onError: (error) => errors.push(error),
    fetch,
  });
  return { client, errors };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function header(init: RequestInit | undefined, name: string): string {
  return new Headers(init?.headers).get(name) ?? '';
}

/** Checks a request's signature the way the server does. */
function expectSigned(init: RequestInit | undefined, params: Record<string, unknown>) {
  const timestamp = header(init, SIGN_HEADERS.timestamp);
  const nonce = header(init, SIGN_HEADERS.nonce);
  expect(header(init, SIGN_HEADERS.sign)).toBe(
    computeSign(canonicalParams(params), credentials.signSecret, timestamp, nonce),
  );
  expect(header(init, SIGN_HEADERS.encrypt)).toBe(computeEncrypt(timestamp, credentials.appId));
  expect(header(init, 'content-type')).toContain('application/json');
}

describe('request client', () => {
  it('sends GET params in the query, without empty values, and signs them', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ code: 200, msg: '', rows: [] }),
    );
    const { client } = clientWith(fetch);
    await client.get('/v2/works/detail/list', {
      modName: 'censored',
      pageNum: 1,
      keyword: '',
      tagsId: undefined,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/prod-api/v2/works/detail/list?modName=censored&pageNum=1');
    expect(init?.method).toBe('GET');
    expectSigned(init, { modName: 'censored', pageNum: '1' });
  });

  it("signs a POST over the JSON body's top-level fields", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ code: 200, msg: '' }));
    const { client } = clientWith(fetch);
    await client.post('/v2/user/like', { status: 0, dataId: '1234567890123456789' });
    const [, init] = fetch.mock.calls[0]!;
    // A /v2/user/ call: the app id joins the body (SPEC §7) and is signed with it.
    const body = { appId: credentials.appId, status: 0, dataId: '1234567890123456789' };
    expect(init?.body).toBe(JSON.stringify(body));
    expectSigned(init, body);
  });

  it('returns the body checked by the schema, keeping long ids as strings', async () => {
    const { client } = clientWith(
      async () => new Response('{"code":200,"msg":"","rows":[{"id":1234567890123456789}]}'),
    );
    const schema = { parse: (data: unknown) => data as { rows: { id: string }[] } };
    const body = await client.get('/x', {}, { schema });
    expect(body.rows[0]!.id).toBe('1234567890123456789');
  });

  it('rejects and shows the body message when the code is not 200', async () => {
    const { client, errors } = clientWith(async () => json({ code: 500, msg: '' }, 500));
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'code', message: MSG.defaultOther });
    expect(errors.map((e) => e.message)).toEqual([MSG.defaultOther]);
  });

  it('names network failures, HTTP statuses and timeouts', async () => {
    const offline = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.client.get('/x')).rejects.toMatchObject({
      kind: 'network',
      message: MSG.networkError,
    });

    const gateway = clientWith(async () => new Response('Bad Gateway', { status: 502 }));
    await expect(gateway.client.get('/x')).rejects.toMatchObject({ message: '系统接口502异常' });

    const hanging = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    await expect(hanging.client.get('/x', {}, { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      message: MSG.timeoutError,
    });
  });

  it('stays quiet when the caller cancels or asks for silence', async () => {
    const { client, errors } = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = client.get('/x', {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toHaveProperty('name', 'AbortError');

    const quiet = clientWith(async () => json({ code: 404, msg: '' }, 404));
    await expect(quiet.client.get('/x', {}, { silent: true })).rejects.toMatchObject({ code: 404 });
    expect([...errors, ...quiet.errors]).toEqual([]);
  });
});

describe('url helpers', () => {
  it('drops empty params and encodes the rest', () => {
    const query = cleanParams({ keyword: '巨乳 1', a: null, b: '', c: 0, d: false });
    expect(query).toEqual({ keyword: '巨乳 1', c: '0', d: 'false' });
    expect(buildUrl('/prod-api', '/p', {})).toBe('/prod-api/p');
    expect(buildUrl('/prod-api', '/p', { k: 'a&b' })).toBe('/prod-api/p?k=a%26b');
  });
});
