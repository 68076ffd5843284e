import { computeEncrypt, computeSign, SERVER_MSG, signRequest } from '@yingku/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { registerErrorHandling } from './error-handler';
import { addRequestSigning, type NonceStore } from './signing';

describe('request signing on /prod-api/v2 (database nonces)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const url = '/prod-api/v2/works/detail/list';
  const query = { pageNum: '1', modName: 'censored' };
  const headersFor = (overrides: Partial<Parameters<typeof signRequest>[0]> = {}) =>
    signRequest({ params: query, secret: t.config.signSecret, appId: t.config.appId, ...overrides });

  it('accepts a correctly signed request', async () => {
    const res = await t.app.inject({ method: 'GET', url, query, headers: headersFor() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('refuses a request without signing headers', async () => {
    const res = await t.app.inject({ method: 'GET', url, query });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureMissing });
  });

  it('refuses a timestamp more than 300 s away, either way', async () => {
    for (const skew of [-301_000, 301_000]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        query,
        headers: headersFor({ timestamp: Date.now() + skew }),
      });
      expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureExpired });
    }
  });

  it('refuses a nonce used twice, and a short nonce', async () => {
    const headers = headersFor();
    expect((await t.app.inject({ method: 'GET', url, query, headers })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url, query, headers });
    expect(replay.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureReplayed });
    const short = await t.app.inject({ method: 'GET', url, query, headers: headersFor({ nonce: 'short' }) });
    expect(short.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureInvalid });
  });

  it('refuses a signature over other params, a wrong secret or a wrong app id', async () => {
    const tampered = await t.app.inject({
      method: 'GET',
      url,
      query: { ...query, pageNum: '2' },
      headers: headersFor(),
    });
    expect(tampered.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureInvalid });
    for (const wrong of [{ secret: 'other-secret' }, { appId: 'other-app' }]) {
      const res = await t.app.inject({ method: 'GET', url, query, headers: headersFor(wrong) });
      expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureInvalid });
    }
  });

  it('a refused forgery does not burn the nonce of the genuine request', async () => {
    const genuine = headersFor();
    const forged = { ...genuine, 'x-sign': '0'.repeat(32) };
    expect((await t.app.inject({ method: 'GET', url, query, headers: forged })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url, query, headers: genuine })).statusCode).toBe(200);
  });

  it('does not sign the OpenAPI description or the web config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/app-config.js' })).statusCode).toBe(200);
  });
});

describe('request signing of JSON bodies', () => {
  const secret = 'body-secret';
  const appId = 'body-app';
  const held = new Set<string>();
  const nonces: NonceStore = {
    claim: async (nonce) => (held.has(nonce) ? false : (held.add(nonce), true)),
  };
  const app = Fastify();
  registerErrorHandling(app);
  addRequestSigning(app, { signSecret: secret, appId, nonces });
  app.post('/echo', async (request) => ({ code: 200, msg: 'ok', data: request.body }));

  it('signs the top-level fields of the body, arrays joined with commas', async () => {
    const body = { dataId: '1234567890123456789', cateIds: [3, 1], status: 0, empty: '' };
    const headers = signRequest({ params: body, secret, appId });
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body, headers });
    expect(res.statusCode).toBe(200);

    const timestamp = String(Date.now());
    const nonce = 'n'.repeat(20);
    const manual = {
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-sign': computeSign('cateIds=3,1&dataId=1234567890123456789&status=0', secret, timestamp, nonce),
      'x-encrypt': computeEncrypt(timestamp, appId),
    };
    expect(
      (await app.inject({ method: 'POST', url: '/echo', payload: body, headers: manual })).statusCode,
    ).toBe(200);
  });

  it('refuses a body changed after signing', async () => {
    const headers = signRequest({ params: { status: 0 }, secret, appId });
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { status: 9 }, headers });
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureInvalid });
  });
});
