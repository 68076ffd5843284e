import { describe, expect, it } from 'vitest';
import { entityListPath } from './list-paths';

describe('entityListPath (docs/product.md §2)', () => {
  it('opens the censored lists of every kind', () => {
    expect(entityListPath('maker', 'censored', '6')).toBe('/maker/6');
    expect(entityListPath('label', 'censored', '17')).toBe('/label/17');
    expect(entityListPath('series', 'censored', '2')).toBe('/series/2');
    expect(entityListPath('director', 'censored', '3')).toBe('/director/3');
    expect(entityListPath('item', 'censored', '8')).toBe('/item/8');
    expect(entityListPath('tag', 'censored', '4')).toBe('/tags/4');
    expect(entityListPath('performer', 'censored', '15')).toBe('/performer/15');
  });

  it('opens the uncensored routes (decision 030)', () => {
    expect(entityListPath('maker', 'uncensored', '6')).toBe('/maker/uncensored/6');
    expect(entityListPath('tag', 'uncensored', '4')).toBe('/tags/uncensored/4');
    expect(entityListPath('performer', 'uncensored', '15')).toBe('/performer/uncensored/15');
  });

  it('opens the western routes of docs/product.md §2', () => {
    expect(entityListPath('maker', 'western', '6')).toBe('/maker/western/6');
    expect(entityListPath('tag', 'western', '4')).toBe('/tags/western/4');
  });

  it('opens nothing where the channel has no route (a plain name, never an empty page)', () => {
    for (const modName of ['uncensored', 'western'] as const) {
      for (const kind of ['label', 'series', 'director', 'item'] as const) {
        expect(entityListPath(kind, modName, '17')).toBeUndefined();
      }
    }
    expect(entityListPath('performer', 'western', '15')).toBeUndefined();
  });
});
