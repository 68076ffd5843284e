import { describe, expect, it } from 'vitest';
import { reloadForStaleBuild, type StaleBuildDeps } from './stale-build';

function deps(overrides: Partial<StaleBuildDeps> = {}) {
  const stored = new Map<string, string>();
  const loaded: string[] = [];
  const all: StaleBuildDeps = {
    pendingLocation: () => ({ pathname: '/censored', search: '?a=1', hash: '' }),
    online: () => true,
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
  it('loads the page it was going to once, then leaves it to the error page', () => {
    const { all, loaded } = deps();
    expect(reloadForStaleBuild(all)).toBe(true);
    expect(loaded).toEqual(['/censored?a=1']);
    expect(reloadForStaleBuild(all)).toBe(false);
    expect(reloadForStaleBuild({ ...all, now: () => 200_000 })).toBe(true);
  });

  it('does nothing offline', () => {
    const { all, loaded } = deps({ online: () => false });
    expect(reloadForStaleBuild(all)).toBe(false);
    expect(loaded).toEqual([]);
  });
});
