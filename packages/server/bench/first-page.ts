import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appStartOf } from '@yingku/contract';
import { CHROMIUM, CHROMIUM_FLAGS } from './web/chromium';

/** Runs in the page: whether the first card's cover has loaded (typed without the DOM lib). */
function firstCoverLoaded(): boolean {
  type Img = { complete: boolean; naturalWidth: number };
  const doc = (globalThis as unknown as { document: { querySelector(s: string): Img | null } }).document;
  const img = doc.querySelector('[data-channel] a img');
  return img !== null && img.complete && img.naturalWidth > 0;
}

/** Gzip size of the JavaScript the first page loads: the module script and its preloads. */
export async function firstPageJsGzip(
  webDist: string,
): Promise<{ files: number; bytes: number; chunks: { file: string; bytes: number }[] }> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  // The start script and the app's start list (decision 034).
  const start = appStartOf(html);
  const assets = [
    ...[...html.matchAll(/<script\b[^>]*\ssrc="(\/assets\/[^"]+)"/g)].map((m) => m[1]!),
    ...(start ? [start.entry, ...start.modules] : []),
  ];
  const chunks: { file: string; bytes: number }[] = [];
  for (const asset of new Set(assets)) {
    const gzipped = gzipSync(await readFile(path.join(webDist, asset.replace(/^\//, ''))));
    chunks.push({ file: asset, bytes: gzipped.length });
  }
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  return { files: chunks.length, bytes, chunks };
}

/**
 * Time until `/index` shows its first work card (number rendered, cover loaded), from
 * navigation start, in a fresh phone-sized Chromium context each run (cold cache).
 */
export async function firstPageTimes(baseUrl: string, runs = 5): Promise<number[] | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/index`);
      await page.waitForFunction(firstCoverLoaded, undefined, { timeout: 30_000 });
      times.push(await page.evaluate(() => Math.round(performance.now())));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}
