/* global self, caches */
/**
 * 影库's service worker, hand-written and small: it keeps the app shell (index.html and the hashed
 * files of every visitor screen) so the site still opens offline, and nothing else.
 *
 * - Navigations: network first; the response refreshes the stored shell (fetched plain when
 *   the page came with one route's first screen in it). When the network fails, the stored
 *   shell answers (the app starts and says the network is down).
 * - /assets/*: content-hashed and immutable, so the cache answers first. The shell's files
 *   are stored with it, and so are the screens loaded on demand (listed by the build in
 *   /offline-assets.json; decision 018), so any visitor screen opens offline.
 * - API calls (/prod-api) and /app-config.js: never touched, never cached: they carry signed
 *   requests and the signing config.
 * - Everything else (covers under /img…): the browser's own handling.
 *
 * One cache per build, named after the files its index.html references; storing a new build's
 * shell deletes the older caches.
 */
const CACHE_PREFIX = 'yingku-shell:';
const SHELL_URL = '/index.html';
/** The build's list of every visitor screen's files (packages/web/plugins/offline-assets.ts). */
const OFFLINE_ASSETS_URL = '/offline-assets.json';
const STATIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/apple-touch-icon.png',
];
/**
 * The mark of a page that came with its first screen's data and preloads (decision 029): such a
 * page is one route's, so the shell is fetched plain rather than stored from it.
 */
const FIRST_SCREEN_MARK = 'id="first-screen-data"';
const NETWORK_ONLY = [/^\/prod-api(\/|$)/, /^\/app-config\.js$/];
const ASSET = /^\/assets\//;

/**
 * The hashed files index.html loads: its scripts and stylesheets, and the app's modules its start
 * list names (a JSON block, decision 034): every quoted /assets/ path in it.
 */
function shellAssets(html) {
  const urls = new Set();
  for (const match of html.matchAll(/"(\/assets\/[^"]+)"/g)) urls.add(match[1]);
  return [...urls].sort();
}

/** The files of the screens loaded on demand; none when the list cannot be had (an older server). */
async function offlineAssets() {
  try {
    const response = await fetch(OFFLINE_ASSETS_URL, { cache: 'no-cache' });
    const files = response.ok ? await response.json() : [];
    return Array.isArray(files) ? files.filter((file) => ASSET.test(file)) : [];
  } catch {
    return [];
  }
}

/** Stores a shell and its files in the cache of its build, then drops the other builds' caches. */
async function storeShell(html) {
  const assets = shellAssets(html);
  const name = CACHE_PREFIX + assets.join(' ');
  const cache = await caches.open(name);
  if (!(await cache.match(SHELL_URL))) {
    const files = [...new Set([...assets, ...(await offlineAssets())])];
    // Hashed files an older build already holds (the libraries' chunks, mostly) are copied over.
    await Promise.all(
      files.map(async (file) => {
        const kept = await caches.match(file);
        await (kept ? cache.put(file, kept) : cache.add(file));
      }),
    );
    await cache.addAll(STATIC_FILES);
  }
  // When it was stored: the browser journeys wait on it (e2e/network.test.ts).
  const headers = { 'content-type': 'text/html; charset=utf-8', 'x-stored-at': String(Date.now()) };
  await cache.put(SHELL_URL, new Response(html, { headers }));
  for (const key of await caches.keys()) {
    if (key.startsWith(CACHE_PREFIX) && key !== name) await caches.delete(key);
  }
}

async function currentCache() {
  const names = (await caches.keys()).filter((key) => key.startsWith(CACHE_PREFIX));
  return names.length > 0 ? caches.open(names[names.length - 1]) : undefined;
}

/** The shell as a page answered it, or fetched plain when that page carried a route's first screen. */
async function shellOf(html) {
  if (!html.includes(FIRST_SCREEN_MARK)) return html;
  const response = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${SHELL_URL} answered ${response.status}`);
  return response.text();
}

async function navigation(event) {
  try {
    const response = await fetch(event.request);
    const isPage = (response.headers.get('content-type') || '').startsWith('text/html');
    if (response.ok && isPage) {
      event.waitUntil(
        response
          .clone()
          .text()
          .then(shellOf)
          .then(storeShell)
          .catch((error) => console.warn('Offline shell not refreshed', error)),
      );
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Files loaded later (a lazily loaded screen) join the current build's cache.
  const cache = response.ok ? await currentCache() : undefined;
  if (cache) await cache.put(request, response.clone());
  return response;
}

async function staticFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_URL, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${SHELL_URL} answered ${response.status}`);
      await storeShell(await response.text());
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.some((pattern) => pattern.test(url.pathname))) return;
  if (request.mode === 'navigate') event.respondWith(navigation(event));
  else if (ASSET.test(url.pathname)) event.respondWith(asset(request));
  else if (STATIC_FILES.includes(url.pathname)) event.respondWith(staticFile(request));
});
