import { describe, expect, it } from 'vitest';
import { entityLink, showsSeries } from './entity-links';

describe('entityLink (SPEC §2)', () => {
  it('links censored works to the censored lists', () => {
    expect(entityLink('maker', 1, '6')).toBe('/maker/6');
    expect(entityLink('label', 1, '17')).toBe('/label/17');
    expect(entityLink('series', 1, '2')).toBe('/series/2');
    expect(entityLink('tag', 1, '4')).toBe('/tags/4');
    expect(entityLink('performer', 1, '15')).toBe('/performer/15');
  });

  it('uses the western paths for works outside the main channel', () => {
    for (const modId of [2, 3]) {
      expect(entityLink('maker', modId, '6')).toBe('/maker/western/6');
      expect(entityLink('tag', modId, '4')).toBe('/tags/western/4');
      expect(entityLink('label', modId, '17')).toBeUndefined();
      expect(entityLink('series', modId, '2')).toBeUndefined();
    }
  });

  it('sends performers of uncensored works to the uncensored performer list', () => {
    expect(entityLink('performer', 2, '15')).toBe('/performer/uncensored/15');
    expect(entityLink('performer', 3, '15')).toBeUndefined();
  });

  it('shows series for censored works only', () => {
    expect(showsSeries(1)).toBe(true);
    expect(showsSeries(2)).toBe(false);
    expect(showsSeries(3)).toBe(false);
  });
});
