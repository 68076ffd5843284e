import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, FIRST_SCREEN_ELEMENT_ID, PRERENDERED_ATTRIBUTE, type WorkListItem } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/db';
import { prerenderFile, withPrerendered } from './prerender';

// index.html's #root as the web build writes it.
const SPLASH = '<div id="root"><div class="boot-splash" aria-hidden="true">影库</div></div>';
const html = `<!doctype html><html><head><title>影库</title></head><body>${SPLASH}</body></html>`;

/**
 * A stand-in for the web build's prerender (dist-ssr/prerender.cjs): the real one is built by
 * `npm run build` and checked in a browser (e2e/prerender.test.ts); this one shows what the
 * server hands it: the path, the page's data (titles, covers) and the image host.
 */
const FAKE_PRERENDER = `
exports.prerender = async (pathname, data, imageHost) => {
  const works = data.lists ? data.lists.flatMap((list) => list.answer.rows) : [data.detail.answer.data];
  return '<main data-path="' + pathname + '" data-host="' + imageHost + '">' +
    works.map((w) => '<h3>' + w.title + '</h3><img src="/img/' + w.picBig + '">').join('') + '</main>';
};`;
const FAILING_PRERENDER = `exports.prerender = async () => { throw new Error('render failed'); };`;

/** A web build in a temporary folder: index.html, and dist-ssr/prerender.cjs when given. */
function webBuild(prerender?: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'yingku-prerender-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), html);
  if (prerender) {
    mkdirSync(path.dirname(prerenderFile(dist)));
    writeFileSync(prerenderFile(dist), prerender);
  }
  return dist;
}

let rendering: { t: TestApp; dist: string };
let failing: { t: TestApp; dist: string };
let first: WorkListItem;

beforeAll(async () => {
  const start = async (prerender: string, catalogue: boolean) => {
    const dist = webBuild(prerender);
    const t = await createTestApp(
      { webDist: dist },
      { database: await createTestDatabase({ demo: catalogue }) },
    );
    return { t, dist };
  };
  // The failing render needs no works: /index's (empty) lists are enough to be rendered.
  [rendering, failing] = await Promise.all([start(FAKE_PRERENDER, true), start(FAILING_PRERENDER, false)]);
  const list = await rendering.t.get(API.worksList, { modName: 'censored', pageNum: 1, pageSize: 8 });
  first = list.json<{ rows: WorkListItem[] }>().rows[0]!;
});

afterAll(async () => {
  for (const app of [rendering, failing]) {
    await app?.t.close();
    if (app) rmSync(path.dirname(app.dist), { recursive: true, force: true });
  }
});

const rootOf = (body: string) => /<div id="root"[^>]*>[\s\S]*<\/div><\/body>/.exec(body)?.[0] ?? '';

describe('pages with their first screen prerendered (decision 033)', () => {
  it('/index carries the markup of its lists in #root, flagged, with the data block still there', async () => {
    const res = await rendering.t.app.inject({ method: 'GET', url: '/index' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(new RegExp(`^<div id="root" ${PRERENDERED_ATTRIBUTE}=""><main data-path="/index"`));
    expect(root).toContain(`<h3>${first.title}</h3>`);
    expect(root).toContain(`<img src="/img/${first.picBig}">`);
    expect(root).not.toContain('boot-splash');
    expect(res.body).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
    // Still no inline script the browser would run: scripts as strict as before.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('a work detail carries the markup of the work', async () => {
    const res = await rendering.t.app.inject({ method: 'GET', url: `/censored/${first.id}` });
    const root = rootOf(res.body);
    expect(root).toContain(`data-path="/censored/${first.id}"`);
    expect(root).toContain(`<h3>${first.title}</h3>`);
  });

  it('other pages and unknown works keep the splash', async () => {
    for (const url of ['/', '/censored', '/censored/no-such-work-000']) {
      const res = await rendering.t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe(`${SPLASH}</body>`);
    }
  });

  it('a render that throws sends the page as it was: its data, the splash', async () => {
    const res = await failing.t.app.inject({ method: 'GET', url: '/index' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe(`${SPLASH}</body>`);
    expect(res.body).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
  });
});

describe('withPrerendered', () => {
  it('puts the markup in place of the splash, `$` and all', () => {
    expect(withPrerendered(html, '<p>$& $1 $$</p>')).toContain(
      `<div id="root" ${PRERENDERED_ATTRIBUTE}=""><p>$& $1 $$</p></div>`,
    );
  });

  it('leaves a page without the known #root as it is', () => {
    const other = '<html><body><div id="app"></div></body></html>';
    expect(withPrerendered(other, '<p>x</p>')).toBe(other);
  });
});
