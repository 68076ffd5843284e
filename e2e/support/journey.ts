import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AuthTokens } from '@yingku/contract';
import type { AppConfig } from '@yingku/server/src/config';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, type TestContext } from 'vitest';
import { seedSession } from './accounts';
import { launchBrowser, openPage, PHONE, SCREENSHOT_DIR, type TestPage } from './browser';
import { startTestServer, type TestServer } from './server';

type ConfigOverrides = Partial<AppConfig>;

export interface JourneyOptions {
  /**
   * Test config overrides of the suite's server (e.g. `{ captchaEnabled: true }`), or a function
   * that gives them when the suite starts (it may make what they name, a media folder).
   */
  config?: ConfigOverrides | (() => ConfigOverrides | Promise<ConfigOverrides>);
  /** Chromium flags beside the usual ones (e.g. `--host-resolver-rules=…`). */
  browserArgs?: string[];
  /** What a page opens on unless told otherwise: {@link PHONE}. */
  device?: BrowserContextOptions;
  /**
   * Problems the suite's journeys cause on purpose (a cut network makes the browser log its
   * failed loads): not counted against the page.
   */
  expectedProblems?: RegExp;
  /** Runs once the browser and the server have closed: to remove what `config` made. */
  afterClose?: () => Promise<unknown>;
}

export interface OpenOptions {
  /** The context's device: the suite's (a phone) unless given, e.g. `DESKTOP` or `javaScriptEnabled: false`. */
  device?: BrowserContextOptions;
  /** Logged in as this member from the first document on ({@link seedSession}). */
  member?: AuthTokens;
}

/** A suite's server and browser, and the tabs of the test running. */
export interface Journey {
  /** The suite's server; only inside a test or a hook. */
  readonly server: TestServer;
  /** The suite's browser; only inside a test or a hook. */
  readonly browser: Browser;
  /** The tabs the running test has opened, oldest first. */
  readonly tabs: readonly TestPage[];
  /** The suite's server's address of a site path: `url('/index')`. */
  url(path: string): string;
  /** A fresh tab (no cookies, storage or history), closed and checked for problems after the test. */
  open(options?: OpenOptions): Promise<TestPage>;
  /** {@link Journey.open}'s page. */
  page(options?: OpenOptions): Promise<Page>;
  /**
   * Drops the problems the test's tabs have logged so far that match `pattern` (all, without
   * one): the test caused them on purpose.
   */
  dropProblems(pattern?: RegExp): void;
}

/**
 * The set-up every browser journey shares, registered as the calling suite's hooks: before all,
 * the real app on a fresh database ({@link startTestServer}) and Chromium, started side by side;
 * after each test, its tabs closed (a screenshot of each first when the test failed) and their
 * console errors, page errors and failed requests expected to be none; after all, the browser
 * closed, then the server, even when either failed to start. Call it once, at the top of a file;
 * read `server` and `browser` in tests and hooks. A `describe` that needs a server of another
 * config beside it calls {@link useServer}.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let tabs: TestPage[] = [];

  beforeAll(async () => {
    const overrides = typeof options.config === 'function' ? await options.config() : options.config;
    const [started, launched] = await Promise.allSettled([
      startTestServer(overrides),
      launchBrowser(options.browserArgs),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });

  afterAll(async () => {
    // The browser first: a page still loading must not meet a server that is gone.
    await closeInTurn([() => browser?.close(), () => server?.close(), () => options.afterClose?.()]);
    browser = undefined;
    server = undefined;
  });

  afterEach(async (context) => {
    const closing = tabs;
    tabs = [];
    if (context.task.result?.state === 'fail') await screenshotFailure(context, closing);
    const expected = options.expectedProblems;
    const problems = closing
      .flatMap((tab) => tab.problems)
      .filter((problem) => !expected || !expected.test(problem));
    await Promise.all(closing.map((tab) => tab.close()));
    expect(problems).toEqual([]);
  });

  const journey: Journey = {
    get server() {
      if (!server) throw new Error('the journey’s server has not started: read it inside a test or a hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the journey’s browser has not started: read it inside a test or a hook');
      return browser;
    },
    get tabs() {
      return tabs;
    },
    url: (path) => `${journey.server.baseUrl}${path}`,
    async open({ device = options.device ?? PHONE, member } = {}) {
      const tab = await openPage(journey.browser, device);
      tabs.push(tab);
      if (member) await seedSession(tab.context, journey.server.baseUrl, member);
      return tab;
    },
    page: async (openOptions) => (await journey.open(openOptions)).page,
    dropProblems(pattern) {
      for (const tab of tabs) {
        tab.problems.splice(
          0,
          Infinity,
          ...tab.problems.filter((problem) => pattern !== undefined && !pattern.test(problem)),
        );
      }
    },
  };
  return journey;
}

/** A second server for the suite it is called in (another config), closed after it. */
export interface SuiteServer {
  /** The server; only inside a test or a hook. */
  readonly server: TestServer;
  /** Its address of a site path. */
  url(path: string): string;
}

/**
 * A server of its own for the calling suite, started before its tests and closed after them
 * (after the tests' tabs, which {@link useJourney} closes after each test). For a suite that
 * needs another config beside the file's journey, e.g. `useServer({ captchaEnabled: true })`.
 */
export function useServer(config: ConfigOverrides): SuiteServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(config);
  });
  afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  const suite: SuiteServer = {
    get server() {
      if (!server) throw new Error('the suite’s server has not started: read it inside a test or a hook');
      return server;
    },
    url: (path) => `${suite.server.baseUrl}${path}`,
  };
  return suite;
}

/** Runs each step even when one before it failed, then throws the first failure. */
async function closeInTurn(steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/** e2e/screenshots/failed-<file>-<test>[-<tab>].png of each tab a failed test leaves open. */
async function screenshotFailure(context: TestContext, tabs: TestPage[]): Promise<void> {
  const file = context.task.file.name.replace(/^.*\//, '').replace(/\.test\.ts$/, '');
  const name = `failed-${file}-${context.task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await Promise.all(
    tabs.map((tab, i) =>
      // Best effort, bounded: a page that hangs must not hide the test's own failure.
      tab.page
        .screenshot({
          path: path.join(SCREENSHOT_DIR, `${tabs.length > 1 ? `${name}-${i + 1}` : name}.png`),
          timeout: 5_000,
        })
        .catch(() => undefined),
    ),
  );
}
