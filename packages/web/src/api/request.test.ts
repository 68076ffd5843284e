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
    // A /v2/user/ call: the app id joins the body (docs/product.md §7) and is signed with it.
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

describe("silent: 'answers' (a list's call)", () => {
  it('leaves a body code and a bad body to the caller', async () => {
    const coded = clientWith(async () => json({ code: 500, msg: 'boom' }));
    await expect(coded.client.get('/x', {}, { silent: 'answers' })).rejects.toMatchObject({ code: 500 });
    const shapeless = clientWith(async () => json({ code: 200, msg: '' }));
    const schema = {
      parse: () => {
        throw new TypeError('no rows');
      },
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(shapeless.client.get('/x', {}, { silent: 'answers', schema })).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect([...coded.errors, ...shapeless.errors]).toEqual([]);
  });

  it('still shows the transport errors of docs/product.md §8: no connection, the timeout, an HTTP status', async () => {
    const refused = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    const hanging = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const bare = clientWith(async () => new Response('bad gateway', { status: 502 }));
    await expect(refused.client.get('/x', {}, { silent: 'answers' })).rejects.toThrow(MSG.networkError);
    await expect(hanging.client.get('/x', {}, { silent: 'answers', timeoutMs: 20 })).rejects.toThrow(
      MSG.timeoutError,
    );
    await expect(bare.client.get('/x', {}, { silent: 'answers' })).rejects.toMatchObject({ code: 502 });
    expect(refused.errors.map((error) => error.message)).toEqual([MSG.networkError]);
    expect(hanging.errors.map((error) => error.message)).toEqual([MSG.timeoutError]);
    expect(bare.errors.map((error) => error.kind)).toEqual(['http']);
  });
});

describe('postForFile (a file as the answer)', () => {
  it('hands back the file and its Content-Disposition, signed as any write', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="yingku-__.zip"; filename*=UTF-8''yingku-${encodeURIComponent('会员')}.zip`,
          },
        }),
    );
    const { client } = clientWith(fetch);
    const file = await client.postForFile('/v2/user/export', {});
    expect(file.disposition).toContain(`filename*=UTF-8''yingku-${encodeURIComponent('会员')}.zip`);
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expectSigned(fetch.mock.calls[0]![1], { appId: credentials.appId });
  });

  it('fails with the envelope of a refusal, shown as any call’s', async () => {
    const fetch = vi.fn(async () => json({ code: 429, msg: '每天只能导出一次数据，请明天再试' }, 429));
    const { client, errors } = clientWith(fetch);
    await expect(client.postForFile('/v2/user/export', {})).rejects.toMatchObject({ code: 429 });
    expect(errors.map((error) => error.message)).toEqual(['每天只能导出一次数据，请明天再试']);
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

describe('the 401 rule (docs/product.md §8)', () => {
  /**
   * A server that answers 401 to every token but `valid`, 403 to a call without a token on a
   * path that needs a login, and 200 otherwise; it records the bearer of every request.
   */
  function authServer(valid: () => string, loginPaths: readonly string[] = []) {
    const bearers: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const bearer = header(init, 'authorization').replace(/^Bearer /, '');
      bearers.push(bearer);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (bearer && bearer !== valid()) return json({ code: 401, msg: '' });
      const path = String(url).replace('/prod-api', '').split('?')[0]!;
      if (!bearer && loginPaths.includes(path)) return json({ code: 403, msg: '' });
      return json({ code: 200, msg: '', data: path });
    });
    return { fetch, bearers };
  }

  function refreshingClient(fetch: typeof globalThis.fetch, refreshSession: () => Promise<boolean>) {
    const errors: ApiError[] = [];
    const store = { token: 'old' as string | undefined };
    const client = createApiClient({
      baseUrl: '/prod-api',
      credentials: () => credentials,
      onError: (error) => errors.push(error),
      accessToken: () => store.token,
      refreshSession,
      fetch,
    });
    return { client, errors, store };
  }

  it('refreshes once for five calls failing together, then sends each again with the new token', async () => {
    let stored: string | undefined = 'old';
    const server = authServer(() => 'new');
    const refreshSession = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = 'new';
      return true;
    });
    const errors: ApiError[] = [];
    const client = createApiClient({
      baseUrl: '/prod-api',
      credentials: () => credentials,
      onError: (error) => errors.push(error),
      accessToken: () => stored,
      refreshSession,
      fetch: server.fetch,
    });

    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const bodies = await Promise.all(paths.map((path) => client.get<{ data: string }>(path)));

    expect(bodies.map((body) => body.data)).toEqual(paths);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(server.bearers).toEqual([...paths.map(() => 'old'), ...paths.map(() => 'new')]);
    expect(errors).toEqual([]);
  });

  it('does not refresh again for a 401 that arrives after another call renewed the token', async () => {
    const server = authServer(() => 'new');
    // '/slow' reaches the server only once '/fast' has met its 401, refreshed and been sent again.
    let fastRetried!: () => void;
    const afterFastRetry = new Promise<void>((resolve) => (fastRetried = resolve));
    let fastCalls = 0;
    let slowHeld = true;
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      const name = String(url).replace('/prod-api', '');
      if (name === '/slow' && slowHeld) {
        slowHeld = false;
        await afterFastRetry;
      }
      const answer = server.fetch(url, init);
      if (name === '/fast' && ++fastCalls === 2) fastRetried();
      return answer;
    };
    const refreshSession = vi.fn(async () => {
      setup.store.token = 'new';
      return true;
    });
    const setup = refreshingClient(fetch, refreshSession);

    const [slow, fast] = await Promise.all([setup.client.get('/slow'), setup.client.get('/fast')]);
    expect([slow, fast]).toMatchObject([{ data: '/slow' }, { data: '/fast' }]);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    // /fast: old, then new after the refresh; /slow (recorded when it arrives): old, then new.
    expect(server.bearers).toEqual(['old', 'new', 'old', 'new']);
  });

  it('sends the call once more without a token when the refresh fails', async () => {
    const server = authServer(() => 'never', ['/needs-login']);
    const refreshSession = vi.fn(async () => {
      setup.store.token = undefined; // the client's refresh clears the tokens when it fails
      return false;
    });
    const setup = refreshingClient(server.fetch, refreshSession);

    // A public call simply works for the visitor the stale login left behind…
    await expect(setup.client.get<{ data: string }>('/public')).resolves.toMatchObject({ data: '/public' });
    expect(server.bearers).toEqual(['old', '']);
    expect(setup.errors).toEqual([]);

    // …and a call that needs a login gets the server's 403: the login dialog, not a 401 toast.
    setup.store.token = 'old';
    await expect(setup.client.get('/needs-login')).rejects.toMatchObject({ kind: 'code', code: 403 });
    expect(server.bearers.slice(2)).toEqual(['old', '']);
    expect(setup.errors.map((error) => error.code)).toEqual([403]);
    expect(refreshSession).toHaveBeenCalledTimes(2);
  });

  it('treats a refresh that throws as a failed one', async () => {
    const server = authServer(() => 'never');
    const setup = refreshingClient(server.fetch, async () => {
      setup.store.token = undefined;
      throw new Error('refresh call failed');
    });
    await expect(setup.client.get<{ data: string }>('/public')).resolves.toMatchObject({ data: '/public' });
    expect(server.bearers).toEqual(['old', '']);
  });

  it('leaves calls without a token alone, and sends a renewed call only once', async () => {
    const server = authServer(() => 'never');
    const refreshSession = vi.fn(async () => true); // claims success, but the new token is refused too
    const setup = refreshingClient(server.fetch, refreshSession);

    await expect(setup.client.get('/login', {}, { auth: false })).resolves.toMatchObject({ data: '/login' });
    expect(refreshSession).not.toHaveBeenCalled();

    await expect(setup.client.get('/again')).rejects.toMatchObject({ kind: 'code', code: 401 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(server.bearers).toEqual(['', 'old', 'old']);
    expect(setup.errors.map((error) => error.code)).toEqual([401]);
  });

  it('fails a 401 like any other code when the client has no refresh', async () => {
    const server = authServer(() => 'never');
    const { client, errors } = clientWith(server.fetch);
    await expect(client.get('/x', {}, { headers: { authorization: 'Bearer old' } })).rejects.toMatchObject({
      code: 401,
    });
    expect(server.bearers).toEqual(['old']);
    expect(errors.map((error) => error.code)).toEqual([401]);
  });
});
