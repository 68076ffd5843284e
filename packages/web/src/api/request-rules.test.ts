import { canonicalParams, computeSign, LIMITS, MSG, SIGN_HEADERS } from '@yingku/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from './api-error';
import { type ApiClientDeps, createApiClient } from './request';

const credentials = { signSecret: 'secret-for-tests', appId: 'app-for-tests' };
const ok = (body: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code: 200, msg: '', ...body }), { status: 200 });
const code = (value: number) => new Response(JSON.stringify({ code: value, msg: '' }), { status: value });

type Fetch = (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** A client over a fake fetch, a settable token and clock; records the failures shown. */
function setup(respond: Fetch = async () => ok(), deps: Partial<ApiClientDeps> = {}) {
  const state = { token: undefined as string | undefined, now: 1_000_000 };
  const errors: ApiError[] = [];
  const fetch = vi.fn(respond);
  const client = createApiClient({
    baseUrl: '/prod-api',
    credentials: () => credentials,
    onError: (error) => errors.push(error),
    accessToken: () => state.token,
    now: () => state.now,
    fetch,
    ...deps,
  });
  const sent = (i: number) => {
    const [url, init] = fetch.mock.calls[i]!;
    return { url: String(url), init, headers: new Headers(init?.headers) };
  };
  return { client, fetch, state, errors, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('bearer token (docs/product.md §7)', () => {
  it('is sent when a token is stored, unless the call says auth: false', async () => {
    const { client, state, sent } = setup();
    await client.get('/v2/works/detail/list');
    expect(sent(0).headers.has('authorization')).toBe(false);

    state.token = 'access-1';
    await client.get('/v2/user/getInfo');
    expect(sent(1).headers.get('authorization')).toBe('Bearer access-1');

    await client.post('/v2/user/login', { userName: 'someone' }, { auth: false });
    expect(sent(2).headers.has('authorization')).toBe(false);
  });

  it('passes extra headers of the call', async () => {
    const { client, sent } = setup();
    await client.get('/v2/user/token', {}, { auth: false, headers: { 'x-refresh-token': 'r1' } });
    expect(sent(0).headers.get('x-refresh-token')).toBe('r1');
  });
});

describe('app id (docs/product.md §7: auth, order and message calls)', () => {
  it('joins the query of a GET and the body of a write, and is signed with them', async () => {
    const { client, sent } = setup();
    await client.get('/v2/message/list', { pageNum: 1 });
    await client.post('/v2/orders/submit', { groupId: 2, payChannel: 'alipay' });
    await client.get('/v2/works/detail/list', { pageNum: 1 });

    expect(sent(0).url).toBe('/prod-api/v2/message/list?appId=app-for-tests&pageNum=1');
    const body = JSON.parse(String(sent(1).init?.body));
    expect(body).toEqual({ appId: 'app-for-tests', groupId: 2, payChannel: 'alipay' });
    const headers = sent(1).headers;
    expect(headers.get(SIGN_HEADERS.sign)).toBe(
      computeSign(
        canonicalParams(body),
        credentials.signSecret,
        headers.get(SIGN_HEADERS.timestamp)!,
        headers.get(SIGN_HEADERS.nonce)!,
      ),
    );
    expect(sent(2).url).toBe('/prod-api/v2/works/detail/list?pageNum=1');
  });

  it("keeps the caller's own appId", async () => {
    const { client, sent } = setup();
    await client.post('/v2/message', { appId: 'other', message: '你好' });
    expect(JSON.parse(String(sent(0).init?.body))).toMatchObject({ appId: 'other' });
  });
});

describe('duplicate-write guard (docs/product.md §5)', () => {
  it('refuses an identical POST within 1 s without sending it', async () => {
    const { client, fetch, state, errors } = setup();
    await client.post('/v2/user/like', { status: 0, dataId: '1' });
    state.now += LIMITS.duplicateWriteWindowMs - 1;
    await expect(client.post('/v2/user/like', { status: 0, dataId: '1' })).rejects.toMatchObject({
      kind: 'duplicate',
      message: '您的操作速度太快了！',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(errors.map((e) => e.message)).toEqual([MSG.tooFast]);

    await client.post('/v2/user/like', { status: 9, dataId: '1' });
    state.now += 1;
    await client.post('/v2/user/like', { status: 0, dataId: '1' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('applies to PUT and never to GET', async () => {
    const { client, fetch } = setup();
    await client.put('/v2/x', { a: 1 });
    await expect(client.put('/v2/x', { a: 1 })).rejects.toMatchObject({ kind: 'duplicate' });
    await client.get('/v2/works/detail/list', { pageNum: 1 });
    await client.get('/v2/works/detail/list', { pageNum: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('401 and the token refresh seam (docs/product.md §8)', () => {
  it('refreshes once and sends the call again with the new token', async () => {
    let token = 'old';
    const refreshSession = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const sentTokens: (string | null)[] = [];
    const { client, errors } = setup(
      async (_url, init) => {
        sentTokens.push(new Headers(init?.headers).get('authorization'));
        return sentTokens.length === 1 ? code(401) : ok({ data: 'fresh' });
      },
      { refreshSession, accessToken: () => token },
    );
    await expect(client.get('/v2/user/getInfo')).resolves.toMatchObject({ data: 'fresh' });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(sentTokens).toEqual(['Bearer old', 'Bearer new']);
    expect(errors).toEqual([]);
  });

  it('fails with the 401 when the refresh fails, or the retry meets 401 again', async () => {
    for (const refreshed of [false, true]) {
      const { client, errors, fetch } = setup(async () => code(401), {
        refreshSession: async () => refreshed,
      });
      await expect(client.get('/v2/user/getInfo')).rejects.toMatchObject({ kind: 'code', code: 401 });
      expect(errors.map((e) => e.code)).toEqual([401]);
      expect(fetch).toHaveBeenCalledTimes(refreshed ? 2 : 1);
    }
  });

  it('sends a call once more without a token when the refresh fails, but not a background one', async () => {
    const sentTokens: (string | null)[] = [];
    const state = { token: 'old' as string | undefined };
    const { client } = setup(
      async (_url, init) => {
        sentTokens.push(new Headers(init?.headers).get('authorization'));
        return code(state.token ? 401 : 403);
      },
      {
        accessToken: () => state.token,
        refreshSession: async () => {
          state.token = undefined;
          return false;
        },
      },
    );
    await expect(client.get('/v2/works/detail/list')).rejects.toMatchObject({ code: 403 });
    expect(sentTokens).toEqual(['Bearer old', null]);

    sentTokens.length = 0;
    state.token = 'old';
    await expect(client.get('/v2/user/feed/new', {}, { background: true })).rejects.toMatchObject({
      code: 401,
    });
    expect(sentTokens).toEqual(['Bearer old']);
  });

  it('shares one refresh among calls that fail together, and skips it for auth: false', async () => {
    let refreshed = false;
    const refreshSession = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      refreshed = true;
      return true;
    });
    const { client } = setup(async () => (refreshed ? ok() : code(401)), { refreshSession });
    await Promise.all([client.get('/v2/user/a'), client.get('/v2/user/b'), client.post('/v2/user/c')]);
    expect(refreshSession).toHaveBeenCalledTimes(1);

    refreshed = false;
    await expect(client.post('/v2/user/login', {}, { auth: false })).rejects.toMatchObject({ code: 401 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });
});

describe('timeouts and configuration', () => {
  it('the captcha call waits 20 s where others give up after 10 s', async () => {
    vi.useFakeTimers();
    const hang: Fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const { client } = setup(hang);
    const settled: string[] = [];
    client
      .get('/v2/user/captcha', {}, { auth: false, timeoutMs: LIMITS.captchaTimeoutMs })
      .catch((error: ApiError) => settled.push(`captcha ${error.message}`));
    client.get('/v2/works/detail/list').catch((error: ApiError) => settled.push(`list ${error.message}`));

    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    expect(settled).toEqual([`list ${MSG.timeoutError}`]);
    await vi.advanceTimersByTimeAsync(LIMITS.captchaTimeoutMs - LIMITS.requestTimeoutMs);
    expect(settled).toEqual([`list ${MSG.timeoutError}`, `captcha ${MSG.timeoutError}`]);
  });

  it('fails like the network when the runtime config never arrived (offline start)', async () => {
    const { client, fetch, errors } = setup(undefined, {
      credentials: () => {
        throw new Error('Runtime config missing');
      },
    });
    await expect(client.get('/v2/message/list')).rejects.toMatchObject({ kind: 'network' });
    expect(fetch).not.toHaveBeenCalled();
    expect(errors.map((e) => e.message)).toEqual([MSG.networkError]);
  });
});
