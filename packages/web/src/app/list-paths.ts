import type { EntityMatchKind, ModName } from '@yingku/contract';
import { entityPath, makerPath, performerPath, tagsPath } from './paths';

// The lists of entities, which only the screens naming them link to (a work detail, a search):
// apart from paths.ts, which every screen's frame loads.

/**
 * The list of an entity's works in a channel (a work detail's names, a search's matches): the
 * channel's own route where docs/product.md §2 has one (decision 030 reads "using the western path when
 * modId is not the main one" as "the channel's own path, not the censored one"). Censored makers,
 * labels, series, directors, same-type, tags and performers have lists; uncensored makers, tags
 * and performers; western makers and tags. Elsewhere undefined, and the name is shown without a
 * link: another channel's page would list none of the entity's works.
 */
export function entityListPath(kind: EntityMatchKind, modName: ModName, id: string): string | undefined {
  switch (kind) {
    case 'maker':
      return makerPath(modName, id);
    case 'tag':
      return tagsPath(modName, id);
    case 'performer':
      return modName === 'western' ? undefined : performerPath(modName, id);
    default:
      return modName === 'censored' ? entityPath(kind, id) : undefined;
  }
}
