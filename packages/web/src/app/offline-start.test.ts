import { describe, expect, it } from 'vitest';
import { type OfflineStartDeps, reloadWhenSiteAnswers, SITE_RECHECK_MS } from './offline-start';

/** A page started without its config, with the site's answers given in order (the last repeats). */
function startedOffline(answers: boolean[]) {
  const onlineListeners = new Set<() => void>();
  const timers = new Map<() => void, number>();
  let reloads = 0;
  let reports = 0;
  let asked = 0;
  const deps: OfflineStartDeps = {
    siteAnswers: async () => answers[Math.min(asked++, answers.length - 1)]!,
    reload: () => void reloads++,
    onOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    every: (ms, listener) => {
      timers.set(listener, ms);
      return () => timers.delete(listener);
    },
    reportMisconfigured: () => void reports++,
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    stop: reloadWhenSiteAnswers(deps),
    settle,
    goOnline: async () => {
      for (const listener of [...onlineListeners]) listener();
      await settle();
    },
    tick: async () => {
      for (const listener of [...timers.keys()]) listener();
      await settle();
    },
    state: () => ({
      reloads,
      reports,
      asked,
      listening: onlineListeners.size,
      timers: [...timers.values()],
    }),
  };
}

describe('a page started without its config', () => {
  it('waits while the site is out of reach, and reloads once it answers after an online event', async () => {
    const page = startedOffline([false, true]);
    await page.settle();
    expect(page.state()).toMatchObject({ reloads: 0, asked: 1, listening: 1, timers: [SITE_RECHECK_MS] });

    await page.goOnline();
    expect(page.state()).toMatchObject({ reloads: 1, reports: 0, listening: 0, timers: [] });
  });

  it('does not reload on an online event the site does not confirm, and keeps listening', async () => {
    const page = startedOffline([false, false, false, true]);
    await page.settle();
    await page.goOnline();
    await page.goOnline();
    expect(page.state()).toMatchObject({ reloads: 0, asked: 3, listening: 1 });
    // The browser said nothing, but the site is back: the periodic check finds it.
    await page.tick();
    expect(page.state()).toMatchObject({ reloads: 1, listening: 0, timers: [] });
  });

  it('reports a site that answers without a config, and never reloads', async () => {
    const page = startedOffline([true]);
    await page.settle();
    await page.goOnline();
    await page.tick();
    expect(page.state()).toMatchObject({ reloads: 0, reports: 1, asked: 1, listening: 0, timers: [] });
  });

  it('stops when told', async () => {
    const page = startedOffline([false, true]);
    await page.settle();
    page.stop();
    await page.goOnline();
    await page.tick();
    expect(page.state()).toMatchObject({ reloads: 0, asked: 1, listening: 0, timers: [] });
  });
});
