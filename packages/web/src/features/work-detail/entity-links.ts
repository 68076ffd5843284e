import { MAIN_MOD_ID } from '@yingku/contract';
import { entityPath, makerPath, performerPath, tagsPath } from '../../app/paths';

/** The entity lists a work detail links to. */
export type EntityKind = 'maker' | 'label' | 'series' | 'tag' | 'performer';

/**
 * The list an entity of a work opens: its own channel's route where SPEC §2 has one (decision
 * 030 reads "using the western path when modId is not the main one" as "the channel's own path,
 * not the censored one"). Censored works (modId 1) link to the censored lists; uncensored works
 * to `/tags/uncensored/{id}`, `/maker/uncensored/{id}` and `/performer/uncensored/{id}`; western
 * works to `/tags/western/{id}` and `/maker/western/{id}`. Where the spec has no route for the
 * channel (labels and series outside censored, western performers) it returns undefined and the
 * name is shown without a link: another channel's page would list none of the entity's works.
 */
export function entityLink(kind: EntityKind, modId: number, id: string): string | undefined {
  if (modId === MAIN_MOD_ID) {
    switch (kind) {
      case 'maker':
        return makerPath('censored', id);
      case 'label':
        return entityPath('label', id);
      case 'series':
        return entityPath('series', id);
      case 'tag':
        return tagsPath('censored', id);
      case 'performer':
        return performerPath('censored', id);
    }
  }
  const modName = modId === 2 ? 'uncensored' : modId === 3 ? 'western' : undefined;
  if (!modName) return undefined;
  switch (kind) {
    case 'maker':
      return makerPath(modName, id);
    case 'tag':
      return tagsPath(modName, id);
    case 'performer':
      return modName === 'uncensored' ? performerPath('uncensored', id) : undefined;
    default:
      return undefined;
  }
}

/** Series are a censored-only grouping (SPEC §2). */
export const showsSeries = (modId: number) => modId === MAIN_MOD_ID;
