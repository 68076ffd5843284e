import { API } from '@yingku/contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type AppConfig, testConfig } from '../config';
import { mediaOrigins } from '../features/video/media-origins';
import { securityHeaders } from './security-headers';

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

// Where the media settings send players, and only there (features/video/media-origins.ts).
describe('the security policy names where media comes from', () => {
  const s3 = {
    bucket: 'yingku-media',
    region: 'us-east-1',
    endpoint: undefined,
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  /** The policy helmet writes for these media settings (as registerSecurityHeaders builds it). */
  async function cspFor(media: Partial<AppConfig['media']>) {
    const config = testConfig({ media: { ...testConfig().media, ...media } });
    const headers = new Map<string, string>();
    const response = {
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    };
    helmet(securityHeaders(config, await mediaOrigins(config.media)))(
      {} as IncomingMessage,
      response as unknown as ServerResponse,
      () => {},
    );
    return headers.get('content-security-policy') ?? '';
  }

  it('with local storage: this site only', async () => {
    const csp = await cspFor({});
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
  });

  it.each([
    ['AWS, virtual-hosted', s3, 'https://yingku-media.s3.us-east-1.amazonaws.com'],
    [
      'AWS, another region',
      { ...s3, region: 'ap-southeast-1' },
      'https://yingku-media.s3.ap-southeast-1.amazonaws.com',
    ],
    [
      'a dotted bucket name (path-style)',
      { ...s3, bucket: 'media.yingku' },
      'https://s3.us-east-1.amazonaws.com',
    ],
    [
      'R2',
      { ...s3, region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com' },
      'https://yingku-media.acc.r2.cloudflarestorage.com',
    ],
    [
      'a self-hosted store, path-style',
      { ...s3, endpoint: 'http://10.0.0.5:9000', forcePathStyle: true },
      'http://10.0.0.5:9000',
    ],
  ])('with S3 storage (%s): the bucket as presigned addresses name it', async (_name, settings, origin) => {
    const csp = await cspFor({ s3: settings });
    expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ${origin}`);
    expect(directive(csp, 'media-src')).toBe(`media-src 'self' blob: ${origin}`);
    expect(directive(csp, 'img-src')).toBe(`img-src 'self' data: blob: ${origin}`);
  });

  it('with a CDN: the edge, and not the bucket behind it (on every answer of the app)', async () => {
    const t = await createTestApp({
      media: {
        ...testConfig().media,
        s3,
        cdn: { baseUrl: 'https://cdn.example.com/video', originSecret: undefined },
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    await t.close();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(
      await cspFor({ s3, cdn: { baseUrl: 'https://cdn.example.com/video', originSecret: undefined } }),
    );
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://cdn.example.com");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: https://cdn.example.com");
    expect(csp).not.toContain('amazonaws');
  });
});
