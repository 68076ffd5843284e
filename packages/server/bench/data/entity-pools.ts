import type { ModId } from '@yingku/contract';
import { TITLE_NOUNS, TITLE_PLACES, TITLE_TIMES } from '../../src/db/seed/demo-words';
import {
  DIRECTOR_CHARS,
  EAST_TAG_GROUPS,
  EAST_TAG_MODIFIERS,
  EAST_TAG_WORDS,
  FAMILY_WORDS,
  GIVEN_CHARS,
  LABEL_ENDINGS,
  MAKER_ENDINGS,
  NAME_WORDS,
  SERIES_ENDINGS,
  STUDIO_FIRST,
  STUDIO_SECOND,
  STUDIO_FOURTH,
  STUDIO_THIRD,
  WESTERN_FIRST_NAMES,
  WESTERN_INITIALS,
  WESTERN_LAST_ENDINGS,
  WESTERN_LAST_STEMS,
  WESTERN_TAG_GROUPS,
  WESTERN_TAG_MODIFIERS,
  WESTERN_TAG_WORDS,
} from './bench-words';
import { combination, uniqueNames } from './names';
import { perChannel, type Scale } from './scale';

export const CHANNELS = [1, 2, 3] as const satisfies readonly ModId[];

/** One row of makers, labels, series, directors or items. */
export interface EntityRow {
  channel: ModId;
  name: string;
  nameCn: string | null;
}

/**
 * One entity table: rows in id order (id = index + 1), each channel a contiguous block whose
 * first rows are its most popular (the skewed pickers favour low ranks).
 */
export interface EntityPool {
  rows: EntityRow[];
  /** Index of each channel's first row, and its row count. */
  block: Record<ModId, { start: number; count: number }>;
}

export type PlainKind = 'makers' | 'labels' | 'series' | 'directors' | 'items';

function pool(counts: [number, number, number], name: (channel: ModId, count: number) => EntityRow[]) {
  const rows: EntityRow[] = [];
  const block = {} as EntityPool['block'];
  for (const channel of CHANNELS) {
    const count = counts[channel - 1]!;
    block[channel] = { start: rows.length, count };
    rows.push(...name(channel, count));
  }
  return { rows, block };
}

const east = (channel: ModId, names: string[]): EntityRow[] => names.map((name) => ({ channel, name, nameCn: null }));

/** Western studios: `SunnyReel`, `QuietFrameNorth`…; their names also open western numbers. */
export function studioName(i: number): string {
  return combination([STUDIO_FIRST, STUDIO_SECOND, STUDIO_THIRD, STUDIO_FOURTH], i);
}

/** Makers, labels, series, directors and items of every channel. */
export function plainPools(scale: Scale): Record<PlainKind, EntityPool> {
  const makers = pool(perChannel(scale.makers), (channel, n) =>
    channel === 3
      ? east(channel, uniqueNames(n, studioName))
      : east(
          channel,
          uniqueNames(n, (i) => `演示片商·${combination([NAME_WORDS, NAME_WORDS, MAKER_ENDINGS], i + channel * 7)}`),
        ),
  );
  const labels = pool(perChannel(scale.labels), (channel, n) =>
    channel === 3
      ? east(channel, uniqueNames(n, (i) => `${studioName(i)} Originals`))
      : east(
          channel,
          uniqueNames(n, (i) => `演示厂牌·${combination([NAME_WORDS, NAME_WORDS, LABEL_ENDINGS], i + channel * 5)}`),
        ),
  );
  const series = pool(perChannel(scale.series), (channel, n) =>
    channel === 3
      ? east(channel, uniqueNames(n, (i) => `${combination([STUDIO_FIRST, STUDIO_SECOND, ['Days', 'Nights', 'Trips']], i, ' ')}`))
      : east(
          channel,
          uniqueNames(n, (i) => combination([NAME_WORDS, TITLE_TIMES, TITLE_NOUNS, SERIES_ENDINGS], i + channel)),
        ),
  );
  const directors = pool(perChannel(scale.directors), (channel, n) =>
    east(
      channel,
      uniqueNames(n, (i) =>
        channel === 3 ? westernName(i + 50_000) : combination([FAMILY_WORDS, DIRECTOR_CHARS, DIRECTOR_CHARS], i),
      ),
    ),
  );
  const items = pool(perChannel(scale.items), (channel, n) =>
    east(channel, uniqueNames(n, (i) => combination([NAME_WORDS, TITLE_PLACES, TITLE_NOUNS], i + channel * 3))),
  );
  return { makers, labels, series, directors, items };
}

/** `Avery Q. Sampleton`: a common first name, an initial and an invented family name. */
function westernName(i: number): string {
  const last = combination([WESTERN_LAST_STEMS, WESTERN_LAST_ENDINGS], Math.floor(i / 400));
  return `${combination([WESTERN_FIRST_NAMES, WESTERN_INITIALS], i % 400, ' ')}. ${last}`;
}

/** Performers: one table for all channels (names are unique), drawn from per-channel pools. */
export interface PerformerPool {
  names: string[];
  /** Per channel, the performer indexes it draws from, most popular first. */
  byChannel: Record<ModId, Int32Array>;
}

/**
 * East Asian performers serve censored and uncensored works, and the pools overlap, so some
 * have works in both (the performer list shows both counts); western ones are their own.
 */
export function performerPool(scale: Scale): PerformerPool {
  const western = Math.max(5, Math.round(scale.performers * 0.15));
  const eastCount = scale.performers - western;
  const eastNames = uniqueNames(eastCount, (i) =>
    combination([FAMILY_WORDS, GIVEN_CHARS, ['', ...GIVEN_CHARS]], i),
  );
  const westNames = uniqueNames(western, westernName);
  const range = (from: number, to: number) => Int32Array.from({ length: to - from }, (_, k) => from + k);
  return {
    names: [...eastNames, ...westNames],
    byChannel: {
      1: range(0, Math.ceil(eastCount * 0.7)),
      2: range(Math.floor(eastCount * 0.55), eastCount),
      3: range(eastCount, eastCount + western),
    },
  };
}

export interface TagGroupRow {
  channel: ModId;
  name: string;
  sortOrder: number;
}
export interface TagRow {
  /** Index into the tag groups (id = index + 1). */
  group: number;
  channel: ModId;
  name: string;
  nameCn: string | null;
}

/** Tag groups and tags; each channel's tags a block, most popular first, spread over its groups. */
export function tagPool(scale: Scale) {
  const groups: TagGroupRow[] = [];
  const tags: TagRow[] = [];
  const block = {} as Record<ModId, { start: number; count: number }>;
  const counts = perChannel(scale.tags, 10);
  for (const channel of CHANNELS) {
    const groupNames = channel === 3 ? WESTERN_TAG_GROUPS : EAST_TAG_GROUPS;
    const firstGroup = groups.length;
    groupNames.forEach((name, sortOrder) => groups.push({ channel, name, sortOrder }));
    const count = counts[channel - 1]!;
    block[channel] = { start: tags.length, count };
    for (let i = 0; i < count; i++) {
      const group = firstGroup + (i % groupNames.length);
      if (channel === 3) {
        const [en, cn] = WESTERN_TAG_WORDS[i % WESTERN_TAG_WORDS.length]!;
        const [modEn, modCn] = WESTERN_TAG_MODIFIERS[Math.floor(i / WESTERN_TAG_WORDS.length) % 5]!;
        const round = Math.floor(i / (WESTERN_TAG_WORDS.length * 5));
        const suffix = round > 0 ? ` ${round + 1}` : '';
        tags.push({ group, channel, name: `${modEn}${en}${suffix}`, nameCn: `${modCn}${cn}${suffix}` });
      } else {
        const word = EAST_TAG_WORDS[i % EAST_TAG_WORDS.length]!;
        const modifier = combination([EAST_TAG_MODIFIERS], Math.floor(i / EAST_TAG_WORDS.length));
        tags.push({ group, channel, name: `${modifier}${word}`, nameCn: null });
      }
    }
  }
  return { groups, tags, block };
}
