import { API, REFRESH_TOKEN_HEADER } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { logLines } from '../../test/log-lines';
import { redactUrl } from '../lib/redact-url';
import { REQUEST_ID_HEADER } from './logging';

/** Every JSON line the app logs, parsed. */
const { stream, lines } = logLines();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await t.close();
});

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('request logs', () => {
  it('writes one JSON line per request: method, url, route, status, time and request id', async () => {
    lines.length = 0;
    const res = await t.get(API.worksList, { pageNum: 1 });
    expect(res.statusCode).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/prod-api/v2/works/detail/list?pageNum=1',
      route: '/prod-api/v2/works/detail/list',
      statusCode: 200,
      reqId: res.headers[REQUEST_ID_HEADER],
    });
    expect(typeof logged[0]!.ms).toBe('number');
    expect(String(res.headers[REQUEST_ID_HEADER])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes tokens or passwords', async () => {
    lines.length = 0;
    const secrets = ['Bearer secret-access-token-value', 'secret-refresh-token-value', 'secret-password-1'];
    await t.send(
      'POST',
      API.login,
      { userName: 'someone_here', password: secrets[2] },
      { authorization: secrets[0]! },
    );
    await t.get(API.token, {}, { [REFRESH_TOKEN_HEADER]: secrets[1]! });
    // A careless log call that hands pino the whole request or body is redacted too.
    t.app.log.info({ req: { headers: { authorization: secrets[0] } }, body: { password: secrets[2] } }, 'x');
    const text = JSON.stringify(lines);
    expect(requestLines()).toHaveLength(2);
    for (const secret of secrets) expect(text).not.toContain(secret.replace('Bearer ', ''));
    expect(text).toContain('[redacted]');
  });

  it('ignores a client X-Request-Id unless a proxy is trusted', async () => {
    const res = await t.get(API.worksList, {}, { [REQUEST_ID_HEADER]: 'forged-request-id-123' });
    expect(res.headers[REQUEST_ID_HEADER]).not.toBe('forged-request-id-123');
  });

  it('blanks capability parameters of logged URLs', () => {
    expect(redactUrl('/img/hls/1/index.m3u8?exp=99&sig=abc_DEF-1')).toBe(
      '/img/hls/1/index.m3u8?exp=99&sig=[redacted]',
    );
    expect(redactUrl('/img/hls/k1/1767225600/AbCdEfGhIjKlMnOpQrSt_-/12/34/720p/seg-00001.ts')).toBe(
      '/img/hls/k1/1767225600/[redacted]/12/34/720p/seg-00001.ts',
    );
    expect(redactUrl('/sandbox-pay/12?sig=xyz#top')).toBe('/sandbox-pay/12?sig=[redacted]#top');
    expect(redactUrl('/prod-api/v2/works/detail/list?keyword=sig')).toBe(
      '/prod-api/v2/works/detail/list?keyword=sig',
    );
  });
});

describe('request ids behind a trusted proxy', () => {
  it("keeps the proxy's X-Request-Id when it is plain, else makes one", async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const kept = await proxied.get(API.worksList, {}, { [REQUEST_ID_HEADER]: 'lb-0123456789abcdef' });
      expect(kept.headers[REQUEST_ID_HEADER]).toBe('lb-0123456789abcdef');
      const odd = await proxied.get(API.worksList, {}, { [REQUEST_ID_HEADER]: 'bad id\n{"level":60}' });
      expect(odd.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });
});
