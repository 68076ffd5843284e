import { describe, expect, it } from 'vitest';
import { showsSeries } from './entity-links';

describe('showsSeries', () => {
  it('shows series for censored works only', () => {
    expect(showsSeries(1)).toBe(true);
    expect(showsSeries(2)).toBe(false);
    expect(showsSeries(3)).toBe(false);
  });
});
