/** The three catalogue channels. `modId` is the number the API speaks; `modName` the word. */
export const MOD_NAMES = ['censored', 'uncensored', 'western'] as const;

export type ModName = (typeof MOD_NAMES)[number];
export type ModId = 1 | 2 | 3;

export const MOD_ID: Record<ModName, ModId> = { censored: 1, uncensored: 2, western: 3 };
export const MOD_NAME: Record<ModId, ModName> = { 1: 'censored', 2: 'uncensored', 3: 'western' };

/** The main channel (censored): entity links of other channels use the western path (docs/product.md §2). */
export const MAIN_MOD_ID: ModId = 1;
export const WESTERN_MOD_ID: ModId = 3;

/** Chinese labels of the channels, as the tab bar and badges show them. */
export const CHANNEL_LABEL: Record<ModName, string> = {
  censored: '有码',
  uncensored: '无码',
  western: '欧美',
};

export function isModId(value: number): value is ModId {
  return value === 1 || value === 2 || value === 3;
}

/**
 * The kinds of entity a keyword search names (GET /v2/search/entities), in the order it answers
 * them. Here, with no zod, so that a screen showing them loads no schema library.
 */
export const ENTITY_MATCH_KINDS = [
  'performer',
  'maker',
  'label',
  'series',
  'director',
  'item',
  'tag',
] as const;
export type EntityMatchKind = (typeof ENTITY_MATCH_KINDS)[number];

/** The entity kinds the search box suggests (GET /v2/search/suggest): the ones visitors type most. */
export const SUGGESTED_ENTITY_KINDS = [
  'performer',
  'maker',
  'series',
] as const satisfies readonly EntityMatchKind[];
