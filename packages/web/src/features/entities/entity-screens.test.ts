import { ALL_TIME, PAGE_SIZE } from '@yingku/contract';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ENTITY_SCREENS, entityWorksParams, isEntityId, selectEntity } from './entity-screens';

const routes = ENTITY_SCREENS.map((screen) => ({ path: screen.routePath }));

/** The screen a path opens, and the `:id` it gives. */
function screenOf(path: string) {
  const match = matchRoutes(routes, path)?.[0];
  const screen = ENTITY_SCREENS.find((s) => s.routePath === match?.route.path);
  return { screen, id: match?.params.id };
}

describe('entity routes (docs/product.md §2)', () => {
  it.each([
    ['/maker/index', 'maker/:id', 'index'],
    ['/maker/12', 'maker/:id', '12'],
    ['/maker/uncensored/7', 'maker/uncensored/:id', '7'],
    ['/maker/western/8', 'maker/western/:id', '8'],
    ['/label/index', 'label/:id', 'index'],
    ['/series/3', 'series/:id', '3'],
    ['/director/index', 'director/:id', 'index'],
    ['/item/4', 'item/:id', '4'],
    ['/performer/index', 'performer/:id', 'index'],
    ['/performer/5', 'performer/:id', '5'],
    ['/performer/uncensored/index', 'performer/uncensored/:id', 'index'],
    ['/performer/uncensored/6', 'performer/uncensored/:id', '6'],
  ])('%s opens %s with id %s', (path, routePath, id) => {
    const found = screenOf(path);
    expect(found.screen?.routePath).toBe(routePath);
    expect(found.id).toBe(id);
  });

  it('links every entry back to its own screen', () => {
    for (const screen of ENTITY_SCREENS) {
      expect(screenOf(screen.path('42')).screen).toBe(screen);
    }
  });

  it('lists each channel’s own makers, and censored entities with modId 1', () => {
    const maker = (path: string) => screenOf(path).screen?.sidebar;
    expect(maker('/maker/1')).toEqual({ type: 'tag', tableName: 'maker', modId: 1 });
    expect(maker('/maker/uncensored/1')).toEqual({ type: 'tag', tableName: 'maker', modId: 2 });
    expect(maker('/maker/western/1')).toEqual({ type: 'tag', tableName: 'maker', modId: 3 });
    expect(maker('/director/1')).toEqual({ type: 'tag', tableName: 'director', modId: 1 });
    expect(maker('/performer/uncensored/1')).toEqual({ type: 'performer', modName: 'uncensored' });
  });

  it('highlights the matching header entry, none where the channel menu has none', () => {
    const header = (path: string) => {
      const screen = screenOf(path).screen!;
      return [screen.modName, screen.menuKey];
    };
    expect(header('/label/1')).toEqual(['censored', 'label']);
    expect(header('/performer/uncensored/1')).toEqual(['uncensored', 'performer']);
    expect(header('/maker/uncensored/1')).toEqual(['uncensored', '']);
    expect(header('/maker/western/1')).toEqual(['western', '']);
  });
});

describe('selectEntity', () => {
  it('selects the first entry on the index route once the sidebar has answered', () => {
    expect(selectEntity('index', undefined)).toEqual({ state: 'waiting' });
    expect(selectEntity('index', '9')).toEqual({ state: 'entity', id: '9' });
  });

  it('takes an id from the route, and refuses anything else without a call', () => {
    expect(selectEntity('123', '9')).toEqual({ state: 'entity', id: '123' });
    for (const bad of ['abc', '0', '-1', '1.5', '01', '99999999999999999999', '9223372036854775808']) {
      expect(selectEntity(bad, '9')).toEqual({ state: 'bad-id' });
    }
    expect(isEntityId('9223372036854775807')).toBe(true);
  });
});

describe('entityWorksParams', () => {
  it('filters the channel by the entity, all time, newest first', () => {
    const screen = screenOf('/performer/uncensored/5').screen!;
    expect(entityWorksParams(screen, '5')).toEqual({
      modName: 'uncensored',
      sort: 'pubTime',
      date: ALL_TIME,
      performerId: '5',
    });
    expect(PAGE_SIZE.workList).toBe(12);
  });
});
