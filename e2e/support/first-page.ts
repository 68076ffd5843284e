import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREEN_ELEMENT_ID } from '@yingku/contract';
import type { Page } from 'playwright-core';

// The build the test server serves (E2E_WEB_DIST when set: see server.ts).
const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../packages/web/dist');

/**
 * The JavaScript a first visit loads before the app runs: the `<script type="module">` entries and
 * `<link rel="modulepreload">` chunks of the built index.html, as site paths (`/assets/…`).
 */
export function firstPageScripts(): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...scripts, ...preloads])];
}

/** Bytes of a built file (site path) after gzip at the default level. */
export function gzipSize(sitePath: string): number {
  return gzipSync(readFileSync(path.join(webDist, sitePath))).length;
}

/**
 * Sends the page at `pathname` as the service worker's cached shell is sent: without the first
 * screen's data the server puts into it (decision 029), so the screen asks the API for its lists
 * or detail, and a journey can answer those calls itself (errors, timeouts, a cut network).
 */
export async function withoutPageData(page: Page, pathname: string): Promise<void> {
  const data = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">[^<]*</script>`);
  await page.route(
    (u) => u.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(data, '') });
    },
  );
}
