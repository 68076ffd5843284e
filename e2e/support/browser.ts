import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The Chromium the journeys drive: `CHROMIUM_PATH`, else Debian's headless shell, the build made
 * for automation (a journey in about half the CPU of the full browser; decision 064), else
 * Debian's full Chromium.
 */
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ??
  '/usr/bin/chromium';

/** {@link JOURNEY_CHROMIUM}, with any `extraArgs`. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: JOURNEY_CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** The phone every journey starts on. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

/** A desktop browser: the layouts above a phone's width, and the console's own screen. */
export const DESKTOP = {
  viewport: { width: 1280, height: 800 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests seen so far: a journey should end with none. */
  problems: string[];
  close(): Promise<void>;
}

/** A fresh context (no cookies, storage or history) with one page, on a phone unless told otherwise. */
export async function openPage(browser: Browser, device: Parameters<Browser['newContext']>[0] = PHONE) {
  const context = await browser.newContext(device);
  trackRequests(context);
  await context.addInitScript(countActivity);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Requests cut short by a navigation are not failures.
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  });
  if (device?.javaScriptEnabled !== false) waitForTakeOver(page);
  return { context, page, problems, close: () => context.close() } satisfies TestPage;
}

/** The requests each page has sent and not yet had answered in full (or seen fail). */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Keeps {@link inFlight} for every page of `context` (popups included). */
function trackRequests(context: BrowserContext) {
  const pageOf = (request: Request) => {
    try {
      return request.frame().page();
    } catch {
      return undefined; // a service worker's own request: no page waits on it
    }
  };
  context.on('request', (request) => {
    const page = pageOf(request);
    if (!page) return;
    const pending = inFlight.get(page) ?? new Set<Request>();
    inFlight.set(page, pending.add(request));
  });
  const answered = (request: Request) => {
    const page = pageOf(request);
    if (page) inFlight.get(page)?.delete(request);
  };
  context.on('requestfinished', answered);
  context.on('requestfailed', answered);
}

/** What {@link countActivity} keeps in each page. */
interface PageActivity {
  /** Fetches sent and not yet answered. */
  pending: number;
  /** Fetches sent, transitions and animations started, ever: unchanged over a check, nothing happened during it. */
  events: number;
}

const ACTIVITY_GLOBAL = '__journeyActivity';

/**
 * Runs in every page before its own scripts: the page's own count of its fetches and of the
 * transitions and animations it starts. Playwright hears of a request over the DevTools protocol,
 * later than the page sent it, and on a busy machine that is frames later; the page's own count
 * is exact at the moment it is read.
 */
function countActivity() {
  const activity = { pending: 0, events: 0 };
  Object.defineProperty(window, '__journeyActivity', { value: activity });
  const fetch = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    activity.pending += 1;
    activity.events += 1;
    const answer = fetch(...args);
    const done = () => {
      activity.pending -= 1;
    };
    answer.then(done, done);
    return answer;
  };
  const started = () => {
    activity.events += 1;
  };
  for (const type of ['transitionrun', 'animationstart']) window.addEventListener(type, started, true);
}

/** The page's {@link PageActivity} now (nothing counted in a page without script). */
export const pageActivity = (page: Page): Promise<PageActivity> =>
  page.evaluate(
    (name) =>
      (window as unknown as Record<string, PageActivity | undefined>)[name] ?? { pending: 0, events: 0 },
    ACTIVITY_GLOBAL,
  );

/** How long a page may keep asking before the journey fails: a request that never ends is a bug. */
const QUIET_LIMIT_MS = 30_000;

/**
 * Waits until `page` has no request in flight, and still none two frames later, twice over:
 * what an answer renders may ask for more (a lazy screen's code, then its data). What the
 * page shows decides, not a quiet period of the clock (Playwright's `networkidle` waits 500 ms).
 */
export async function networkQuiet(page: Page): Promise<void> {
  const deadline = Date.now() + QUIET_LIMIT_MS;
  // Two frames on, the fetches the page itself still waits for.
  const twoFrames = () =>
    page.evaluate(
      (name) =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve((window as unknown as Record<string, PageActivity | undefined>)[name]?.pending ?? 0),
            ),
          ),
        ),
      ACTIVITY_GLOBAL,
    );
  for (let quiet = 0; quiet < 2;) {
    const fetching = await twoFrames();
    const pending = inFlight.get(page);
    quiet = fetching > 0 || (pending && pending.size > 0) ? 0 : quiet + 1;
    if (quiet === 0 && Date.now() > deadline) {
      const urls = Array.from(pending ?? [], (request) => request.url());
      throw new Error(`requests still in flight after ${QUIET_LIMIT_MS} ms: ${urls.join(', ')}`);
    }
  }
}

/**
 * Makes `page.goto` and `page.reload` also wait until the app has taken over a page the server
 * prerendered (decision 033: `#root` loses its flag after the app's first render). Such a page
 * shows its screen before the app runs, and a tap on it then would be lost: journeys act on the
 * app, as a person does once the page has loaded. A page navigated with `waitUntil: 'commit'`
 * is looked at before any script, on purpose: no wait. Bounded: an app that never starts is for
 * the journey's own checks to report.
 */
function waitForTakeOver(page: Page) {
  const takenOver = () =>
    page
      .waitForFunction((flag) => !document.querySelector(`#root[${flag}]`), PRERENDERED_ATTRIBUTE, {
        timeout: 15_000,
      })
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await takenOver();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await takenOver();
    return response;
  };
}

/** Saves e2e/screenshots/<name>.png (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
