import { describe, expect, it } from 'vitest';
import { reloadForStaleBuild, type StaleBuildDeps } from './stale-build';

function deps(overrides: Partial<StaleBuildDeps> = {}) {
  const stored = new Map<string, string>();
  const loaded: string[] = [];
  const all: StaleBuildDeps = {
    pendingLocation: () => ({ pathname: '/censored', search: '?a=1', hash: '' }),
    online: () => true,
    reachable: async () => true,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    load: (url) => void loaded.push(url),
    now: () => 100_000,
    ...overrides,
  };
  return { all, loaded };
}

describe('a screen whose code is gone', () => {
  it('loads the page it was going to once, then leaves it to the error page', async () => {
    const { all, loaded } = deps();
    expect(await reloadForStaleBuild(all)).toBe(true);
    expect(loaded).toEqual(['/censored?a=1']);
    expect(await reloadForStaleBuild(all)).toBe(false);
    expect(await reloadForStaleBuild({ ...all, now: () => 200_000 })).toBe(true);
  });

  it('does nothing offline', async () => {
    const { all, loaded } = deps({ online: () => false });
    expect(await reloadForStaleBuild(all)).toBe(false);
    expect(loaded).toEqual([]);
  });

  it('does nothing when the site does not answer (the screen keeps its message and retry)', async () => {
    const { all, loaded } = deps({ reachable: async () => false });
    expect(await reloadForStaleBuild(all)).toBe(false);
    expect(loaded).toEqual([]);
    // Not counted as the one reload: once the site answers, a stale build still reloads.
    expect(await reloadForStaleBuild({ ...all, reachable: async () => true })).toBe(true);
  });
});
