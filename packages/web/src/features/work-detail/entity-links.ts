import { MAIN_MOD_ID } from '@yingku/contract';
import { entityPath, makerPath, performerPath, tagsPath } from '../../app/paths';

/** The entity lists a work detail links to. */
export type EntityKind = 'maker' | 'label' | 'series' | 'tag' | 'performer';

/**
 * The list an entity of a work opens (SPEC §2: "using the western path when modId is not the
 * main one"). Works of the main channel (censored, modId 1) link to the censored lists. Other
 * works use the western routes where the spec has one (makers, tags); their performers go to
 * the uncensored performer list for uncensored works (the spec has no western performer route);
 * labels and series have only censored routes (series are shown for censored works only).
 * Returns undefined where no route fits: the name is then shown without a link.
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
  switch (kind) {
    case 'maker':
      return makerPath('western', id);
    case 'tag':
      return tagsPath('western', id);
    case 'performer':
      return modId === 2 ? performerPath('uncensored', id) : undefined;
    default:
      return undefined;
  }
}

/** Series are a censored-only grouping (SPEC §2). */
export const showsSeries = (modId: number) => modId === MAIN_MOD_ID;
