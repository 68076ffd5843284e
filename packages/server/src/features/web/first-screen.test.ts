import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  API,
  appStartBlock,
  appStartOf,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreenData,
  HOME_SECTION_SIZE,
  MOD_NAMES,
  fillPath,
  type WorkListItem,
} from '@yingku/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/db';

/** index.html as the build writes it: its start list names the entry and what it imports (decision 034). */
const html =
  '<!doctype html><html><head><title>影库</title>' +
  appStartBlock({ entry: '/assets/index-a.js', modules: ['/assets/react-b.js', '/assets/shared-def.js'] }) +
  '<script defer src="/assets/start-c.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'yingku-first-screen-'));
  writeFileSync(path.join(dist, 'index.html'), html);
  // The build's manifest (vite `build.manifest`), as far as the detail's lazy route goes.
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/work-detail/work-detail-page.tsx': {
        file: 'assets/work-detail-page-abc.js',
        imports: ['_shared-def.js'],
        css: ['assets/work-detail-page-abc.css'],
      },
      '_shared-def.js': { file: 'assets/shared-def.js', imports: [] },
    }),
  );
  t = await createTestApp({ webDist: dist }, { database: await createTestDatabase({ demo: true }) });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

/** The data block of a page, parsed; undefined when the page has none. */
function dataOf(body: string): FirstScreenData | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(body);
  return match ? (JSON.parse(match[1]!) as FirstScreenData) : undefined;
}

describe('pages that carry their first screen (decision 029)', () => {
  it('/index carries the three home lists as the signed API answers them, and preloads the first cover', async () => {
    const res = await page('/index');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = dataOf(res.body);
    expect(data?.lists?.map((list) => list.query.modName)).toEqual([...MOD_NAMES]);
    for (const list of data!.lists!) {
      const api = await t.get(API.worksList, { ...list.query });
      expect(api.statusCode).toBe(200);
      expect(list.answer).toEqual(api.json());
      expect(list.answer.rows).toHaveLength(HOME_SECTION_SIZE);
    }
    const first = data!.lists![0]!.answer.rows[0] as WorkListItem;
    const number = first.picSmall.replace(/^demo\/cover\/|-s\.svg$/g, '');
    // The data comes before the app's own scripts in <head>; the cover is fetched early and first.
    expect(res.body).toMatch(
      new RegExp(
        `<link rel="preload" as="image" fetchpriority="high" href="/img/demo/cover/${number}-s\\.160w\\.webp" ` +
          `imagesrcset="/img/demo/cover/${number}-s\\.160w\\.webp 160w, [^"]+ 480w" imagesizes="[^"]+48vw">`,
      ),
    );
    expect(res.body.indexOf(FIRST_SCREEN_ELEMENT_ID)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('keeps the CSP strict: the block is data, not a script the browser runs', async () => {
    const res = await page('/index');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(res.body).not.toMatch(/<script>|<script type="module">[^<]/);
  });

  it('a work detail carries the anonymous detail answer and preloads its big cover', async () => {
    const list = dataOf((await page('/index')).body)!.lists![1]!;
    const work = list.answer.rows[0]!;
    const res = await page(`/uncensored/${work.id}`);
    const data = dataOf(res.body);
    const api = await t.get(fillPath(API.workDetail, { id: work.id }));
    expect(data?.detail).toEqual({ id: work.id, answer: api.json() });
    expect(data?.detail?.answer).toMatchObject({ collect: false, like: false });
    expect(res.body).toContain(`href="/img/demo/cover/${work.number}.400w.webp"`);
    // Its lazy route's code is fetched with the app's (once each), not once the app has asked for
    // it; its styles are the first paint's.
    expect(appStartOf(res.body)).toEqual({
      entry: '/assets/index-a.js',
      modules: ['/assets/react-b.js', '/assets/shared-def.js', '/assets/work-detail-page-abc.js'],
    });
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/work-detail-page-abc.css">');
    expect((await page('/index')).body).not.toContain('work-detail-page');
  });

  it('escapes "<" so no text can close the block', async () => {
    const res = await page('/index');
    const block = res.body.slice(res.body.indexOf(FIRST_SCREEN_ELEMENT_ID));
    expect(block.slice(0, block.indexOf('</script>'))).not.toContain('<');
  });

  it('compresses the page it makes as the browser takes it', async () => {
    const res = await page('/index', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(dataOf(brotliDecompressSync(res.rawPayload).toString('utf8'))?.lists).toHaveLength(3);
  });

  it('sends other pages, unknown works and bad ids as they are', async () => {
    for (const url of [
      '/censored',
      '/login',
      '/censored/1790000000000000001',
      '/western/12',
      '/censored/99999999999999999999',
      `/uncensored/${'9'.repeat(5000)}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    }
  });
});

describe('GET /img/demo/cover/….webp', () => {
  it('draws a cover as WebP at the widths cards and the detail use, cacheable for good', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/img/demo/cover/YKA-123-s.360w.webp' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(small.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(small.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 490,
    });
    expect(small.rawPayload.length).toBeLessThan(20_000);

    const big = await t.app.inject({ method: 'GET', url: '/img/demo/cover/YKA-123.800w.webp' });
    expect(big.statusCode).toBe(200);
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 538 });
    const again = await t.app.inject({
      method: 'GET',
      url: '/img/demo/cover/YKA-123.800w.webp',
      headers: { 'if-none-match': String(big.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a NUL in the address with 400 in the envelope, a page and a cover alike', async () => {
    for (const url of ['/censored/1790000000000000001%00', '/img/demo/cover/YKA-123%00.360w.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
    }
  });

  it('refuses a cover name far too long with 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/img/demo/cover/${'A'.repeat(5000)}.360w.webp` });
    expect(res.statusCode).toBe(414);
  });

  it('answers 404 to widths it does not serve', async () => {
    for (const url of [
      '/img/demo/cover/YKA-123-s.800w.webp',
      '/img/demo/cover/YKA-123.361w.webp',
      '/img/demo/cover/.360w.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
