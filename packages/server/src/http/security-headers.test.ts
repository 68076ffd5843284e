import { API } from '@yingku/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { testConfig } from '../config';

// Over plain http (a phone on the LAN reaching `npm start`) the page must load its CSS and JS
// from where it came: no upgrade to https, no HSTS. Both only when the site is served over https.
describe('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const headersFor = async (publicUrl: string) => {
    t = await createTestApp({ payments: { ...testConfig().payments, publicUrl } });
    const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(res.statusCode).toBe(200);
    return res.headers;
  };

  it('over http: a strict CSP without upgrade-insecure-requests, and no HSTS or COOP', async () => {
    const headers = await headersFor('http://192.168.1.20:8080');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('over https: the upgrade, HSTS and COOP as well', async () => {
    const headers = await headersFor('https://yingku.example');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  // Built once at start (decision 048), they are on every answer alike: a page, an API answer,
  // a refused call and an unknown path.
  it('are on every answer, the same each time', async () => {
    const page = await headersFor('http://192.168.1.20:8080');
    const answers = [
      await t!.get(API.searchSuggest, {}),
      await t!.app.inject({ method: 'GET', url: '/prod-api/v2/no-such-call' }),
      await t!.app.inject({ method: 'GET', url: '/app-config.js' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([400, 404, 200]);
    const names = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-resource-policy',
    ];
    const pick = (headers: Record<string, unknown>) => names.map((name) => headers[name]);
    expect(pick(page).every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
    for (const [i, res] of answers.entries()) expect(pick(res.headers), `answer ${i}`).toEqual(pick(page));
  });
});
