import { describe, expect, it } from 'vitest';
import { CHANNEL_MENUS } from './channel-menu';

describe('channel menus (docs/product.md §2)', () => {
  it('has exactly the entries of each channel', () => {
    expect(CHANNEL_MENUS.censored.map((i) => i.key)).toEqual([
      'latest',
      'tags',
      'top',
      'performer',
      'maker',
      'label',
      'director',
      'item',
      'series',
    ]);
    expect(CHANNEL_MENUS.uncensored.map((i) => i.key)).toEqual(['latest', 'tags', 'top', 'performer']);
    expect(CHANNEL_MENUS.western.map((i) => i.key)).toEqual(['latest', 'tags', 'top']);
  });

  it('links each entry to its route', () => {
    expect(CHANNEL_MENUS.censored.map((i) => i.path)).toEqual([
      '/censored',
      '/tags/index',
      '/top',
      '/performer/index',
      '/maker/index',
      '/label/index',
      '/director/index',
      '/item/index',
      '/series/index',
    ]);
    expect(CHANNEL_MENUS.uncensored.map((i) => i.path)).toEqual([
      '/uncensored',
      '/tags/uncensored/index',
      '/top/uncensored',
      '/performer/uncensored/index',
    ]);
    expect(CHANNEL_MENUS.western.map((i) => i.path)).toEqual([
      '/western',
      '/tags/western/index',
      '/top/western',
    ]);
  });
});
