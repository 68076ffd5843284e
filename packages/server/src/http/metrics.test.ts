import { API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { insertWorks, buildWorkLine } from '../../test/factories';
import { registerAndLogin } from '../../test/accounts';
import { LOGIN_FAILURE_REASONS, METRICS_PATH, NOTIFY_OUTCOMES, NOTIFY_PROVIDERS } from './metrics';

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the Prometheus text format with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^# HELP process_cpu_user_seconds_total /m);
    expect(res.body).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(res.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('labels request durations by route pattern, never by the raw URL', async () => {
    const { ids } = await insertWorks(t.database.db, [buildWorkLine()]);
    const id = ids[0]!;
    expect((await t.get(`/v2/works/detail/${id}`)).statusCode).toBe(200);
    expect((await t.get('/v2/works/detail/999999999999999999')).statusCode).toBe(404);
    const text = (await t.app.inject({ method: 'GET', url: METRICS_PATH })).body;

    const route = '/prod-api/v2/works/detail/:id';
    const count = (status: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status });
    expect(count('200')).toBe(1);
    expect(count('404')).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('999999999999999999');
  });

  it('counts catalogue cache hits and misses', async () => {
    const query = { pageNum: 1, pageSize: 7 };
    await t.get(API.worksList, query);
    await t.get(API.worksList, query);
    await t.get(API.worksList, query);
    const text = (await t.app.inject({ method: 'GET', url: METRICS_PATH })).body;
    const lookups = (call: string, result: string) =>
      sample(text, 'yingku_catalogue_cache_lookups_total', { call, result });
    // The list's answer is kept once, serialised (`listWorks`); a route keeps no object copy
    // (`object.listWorks` is the first-screen reader's).
    expect(lookups('listWorks', 'miss')).toBe(1);
    expect(lookups('listWorks', 'hit')).toBe(2);
    expect(lookups('object.listWorks', 'miss') ?? 0).toBe(0);
    expect(lookups('object.listWorks', 'hit') ?? 0).toBe(0);
  });
});

describe('/metrics of logins and payment notifies (decision 082)', () => {
  let t: TestApp;
  const scrape = async () => (await t.app.inject({ method: 'GET', url: METRICS_PATH })).body;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows every reason and every provider and outcome at 0 before anything happens', async () => {
    const text = await scrape();
    for (const reason of LOGIN_FAILURE_REASONS) {
      expect(sample(text, 'yingku_logins_failed_total', { reason })).toBe(0);
    }
    for (const provider of NOTIFY_PROVIDERS) {
      for (const outcome of NOTIFY_OUTCOMES) {
        expect(sample(text, 'yingku_payment_notifies_total', { provider, outcome })).toBe(0);
      }
    }
  });

  it('counts refused logins by reason: an unknown name apart from a wrong password', async () => {
    const member = await registerAndLogin(t);
    const login = (userName: string, password: string) => t.send('POST', API.login, { userName, password });
    expect((await login('no_such_member', 'whatever-password')).statusCode).toBe(400);
    expect((await login(member.userName, 'wrong-password-1')).statusCode).toBe(400);
    expect((await login(member.userName, 'wrong-password-2')).statusCode).toBe(400);
    expect((await login(member.userName, member.password)).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'yingku_logins_failed_total', { reason: 'unknown_user' })).toBe(1);
    expect(sample(text, 'yingku_logins_failed_total', { reason: 'wrong_password' })).toBe(2);
  });

  it('counts notifies by provider and outcome, any other provider name as other', async () => {
    const notify = (provider: string) =>
      t.app.inject({
        method: 'POST',
        url: `/prod-api/pay/notify/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"forged":true}',
      });
    expect((await notify('sandbox')).statusCode).toBeLessThan(500);
    expect((await notify('no-such-pay')).statusCode).toBe(404);
    const text = await scrape();
    const count = (provider: string, outcome: string) =>
      sample(text, 'yingku_payment_notifies_total', { provider, outcome });
    expect(count('sandbox', 'bad_signature')).toBe(1);
    expect(count('other', 'unconfigured')).toBe(1);
    expect(text).not.toContain('no-such-pay');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 in the envelope without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401 });
    }
  });

  it('serves the metrics to a bearer of the token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });
});
