import { afterEach, describe, expect, it } from 'vitest';
import { applyWatchedIds, getHideWatched, setHideWatched } from './hide-watched';

const ID = '1234567890123456';
const rules = () => document.getElementById('yk-hide-watched-style')?.textContent ?? '';

afterEach(() => setHideWatched(false));

// What the rules hide in a real browser is the follows journey's (e2e/follows.test.ts).
describe('隐藏已看过', () => {
  it('writes one rule per watched id, outside the member center’s lists, applied while on', () => {
    applyWatchedIds([ID, 'not-an-id"]']);
    expect(rules()).toContain(`main a[href$="/${ID}"]:not([data-member-list] a)`);
    expect(rules()).not.toContain('not-an-id');
    expect(rules()).toMatch(/^html\[data-hide-watched\] /);
    expect(document.documentElement.hasAttribute('data-hide-watched')).toBe(false);

    setHideWatched(true);
    expect(getHideWatched()).toBe(true);
    expect(document.documentElement.hasAttribute('data-hide-watched')).toBe(true);
    setHideWatched(false);
    expect(document.documentElement.hasAttribute('data-hide-watched')).toBe(false);
    applyWatchedIds([]);
    expect(rules()).toBe('');
  });
});
