import { MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { coverSvg, escapeXml } from './demo-svg';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /img/demo/…', () => {
  it('draws a big cover with the number on it, cacheable for good', async () => {
    const res = await get('/img/demo/cover/YKA-123.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="538"/);
    expect(res.body).toContain('>YKA-123</text>');
  });

  it('draws small covers and stills, western and date-like numbers included', async () => {
    const small = await get('/img/demo/cover/DemoStudio.24.01.05-s.svg');
    expect(small.body).toContain('width="147" height="200"');
    expect(small.body).toContain('>DemoStudio.24.01.05</text>');

    const still = await get('/img/demo/still/051823-417-3.svg');
    expect(still.statusCode).toBe(200);
    expect(still.body).toContain('width="800" height="450"');
    expect(still.body).toContain('>剧照 3</text>');
    expect(still.body).toContain('>051823-417</text>');
    expect((await get('/img/demo/still/051823-417-3-s.svg')).body).toContain('width="240" height="135"');
  });

  it('draws the same picture every time, and different colours for different numbers', async () => {
    const a = await get('/img/demo/cover/YKA-123.svg');
    expect((await get('/img/demo/cover/YKA-123.svg')).body).toBe(a.body);
    const colours = (svg: string) => svg.match(/stop-color="#[0-9a-f]{6}"/g);
    expect(colours(coverSvg('YKB-456', false))).not.toEqual(colours(a.body));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/img/demo/still/YKA-123-1.svg');
    const again = await get('/img/demo/still/YKA-123-1.svg', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    '/img/demo/cover/YKA-123.png',
    '/img/demo/cover/.svg',
    '/img/demo/cover/%3Cscript%3E.svg',
    '/img/demo/cover/..%2F..%2Fpasswd.svg',
    '/img/demo/still/YKA-123-0.svg',
    '/img/demo/still/YKA.svg',
    `/img/demo/cover/${'A'.repeat(100)}.svg`,
    '/img/demo/preview/YKA-123.mp4',
  ])('answers the 404 envelope for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: MSG.default404 });
  });

  it('escapes text put into SVG', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
