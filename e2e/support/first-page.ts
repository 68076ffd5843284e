import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appStartOf, FIRST_SCREEN_ELEMENT_ID, PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import type { Page } from 'playwright-core';

// The build the test server serves (E2E_WEB_DIST when set: see server.ts).
const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../packages/web/dist');

/**
 * The JavaScript a first visit loads before the app runs, as site paths (`/assets/…`): the built
 * index.html's scripts (the start script) and the app's start list, its entry and the modules it
 * imports (decision 034).
 */
export function firstPageScripts(): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const start = appStartOf(html);
  return [...new Set([...scripts, ...(start ? [start.entry, ...start.modules] : [])])];
}

/** Bytes of a built file (site path) after gzip at the default level. */
export function gzipSize(sitePath: string): number {
  return gzipSync(readFileSync(path.join(webDist, sitePath))).length;
}

/** `#root` with the first screen's markup (decision 033): the last element of the page's body. */
const PRERENDERED_ROOT = new RegExp(
  `<div id="root" ${PRERENDERED_ATTRIBUTE}="">[\\s\\S]*</div>(\\s*</body>)`,
);
const SPLASH_ROOT = '<div id="root"><div class="boot-splash" aria-hidden="true">影库</div></div>';

/**
 * Sends the page at `pathname` as the service worker's cached shell is sent: without the first
 * screen's data and markup the server puts into it (decisions 029, 033), so the screen asks the API for its lists
 * or detail, and a journey can answer those calls itself (errors, timeouts, a cut network).
 */
export async function withoutPageData(page: Page, pathname: string): Promise<void> {
  const data = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">[^<]*</script>`);
  await page.route(
    (u) => u.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(data, '').replace(PRERENDERED_ROOT, `${SPLASH_ROOT}$1`);
      await route.fulfill({ response, body });
    },
  );
}
