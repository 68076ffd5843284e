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

  it('links uncensored works to the uncensored routes (decision 030)', () => {
    expect(entityLink('maker', 2, '6')).toBe('/maker/uncensored/6');
    expect(entityLink('tag', 2, '4')).toBe('/tags/uncensored/4');
    expect(entityLink('performer', 2, '15')).toBe('/performer/uncensored/15');
  });

  it('links western works to the western routes the spec has', () => {
    expect(entityLink('maker', 3, '6')).toBe('/maker/western/6');
    expect(entityLink('tag', 3, '4')).toBe('/tags/western/4');
  });

  it('links nothing where the channel has no route (a plain name, never an empty page)', () => {
    for (const modId of [2, 3]) {
      expect(entityLink('label', modId, '17')).toBeUndefined();
      expect(entityLink('series', modId, '2')).toBeUndefined();
    }
    expect(entityLink('performer', 3, '15')).toBeUndefined();
    expect(entityLink('maker', 9, '6')).toBeUndefined();
  });

  it('shows series for censored works only', () => {
    expect(showsSeries(1)).toBe(true);
    expect(showsSeries(2)).toBe(false);
    expect(showsSeries(3)).toBe(false);
  });
});
