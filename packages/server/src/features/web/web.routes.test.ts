import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DISCREET_ATTRIBUTE, DISCREET_COOKIE } from '@yingku/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { acceptedEncoding, notFoundHandler, webRoutes } from './web.routes';

const html = `<!doctype html><html lang="zh-CN"><title>影库</title>${'<!-- padding -->'.repeat(100)}</html>`;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A built web app as packages/web/plugins/precompress.ts leaves it: files with .br and .gz copies. */
function writeDist(dir: string) {
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', html);
  write('assets/index-abc123.js', script);
  write('sw.js', script);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
}

describe('serving the built web app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'yingku-web-dist-'));
    writeDist(dir);
    const config = testConfig({ webDist: dir });
    app = Fastify();
    app.setNotFoundHandler(notFoundHandler(config));
    await app.register(webRoutes, { config, payChannels: ['alipay', 'weixin'] });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends hashed assets as brotli or gzip, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates what is not hashed, and serves files with no copy as they are', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg/>');
  });

  it('does not serve the compressed copies under names of their own', async () => {
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
  });

  it('answers client routes with index.html, compressed when the browser takes it', async () => {
    const page = await get('/index', 'gzip, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const plain = await get('/censored/1790000000000000001');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('marks the page for 隐私模式 when the cookie says so, from its first paint; the answer varies by cookie', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/index',
      headers: { cookie: `a=b; ${DISCREET_COOKIE}=1`, 'accept-encoding': 'gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(gunzipSync(page.rawPayload).toString()).toContain(`<html ${DISCREET_ATTRIBUTE}="" lang="zh-CN">`);
    for (const cookie of [`${DISCREET_COOKIE}=0`, `x${DISCREET_COOKIE}=1`, '']) {
      const plain = await app.inject({ method: 'GET', url: '/index', headers: { cookie } });
      expect(plain.body).toBe(html);
    }
  });
});

describe('choosing an encoding', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };

  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(acceptedEncoding('gzip', both)).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0', both)).toBe('identity');
    expect(acceptedEncoding(undefined, both)).toBe('identity');
    expect(acceptedEncoding('br', { gzip: both.gzip })).toBe('identity');
  });
});
