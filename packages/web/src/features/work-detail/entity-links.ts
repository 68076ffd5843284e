import { MAIN_MOD_ID } from '@yingku/contract';

/** The kinds of entity a work detail names. */
export type EntityKind = 'maker' | 'label' | 'series' | 'tag' | 'performer';

/** Series are a censored-only grouping (docs/product.md §2). */
export const showsSeries = (modId: number) => modId === MAIN_MOD_ID;
