import type { ModId } from '@yingku/contract';
import type { Dice } from './demo-random';
import {
  DIRECTOR_SECOND,
  ENTITY_WORDS,
  NAME_FIRST,
  NAME_SECOND,
  TITLE_NOUNS,
  TITLE_PLACES,
  TITLE_TIMES,
  WESTERN_FIRST,
  WESTERN_LAST,
  WESTERN_STUDIOS,
} from './demo-words';

/** The names one channel's works draw their makers, labels, people and groupings from. */
export interface ChannelPools {
  makers: string[];
  labels: string[];
  series: string[];
  directors: string[];
  items: string[];
  performers: string[];
}

const pairs = (first: readonly string[], second: readonly string[], join = '') =>
  first.flatMap((a) => second.map((b) => `${a}${join}${b}`));

/**
 * Every channel's pools. Censored and uncensored share one performer pool in part, so some
 * performers have works in both (the performer list shows both counts).
 */
export function channelPools(dice: Dice): Record<ModId, ChannelPools> {
  const people = pairs(NAME_FIRST, NAME_SECOND);
  const eastPerformers = dice.shuffle(people).slice(0, 110);
  const westernPeople = pairs(WESTERN_FIRST, WESTERN_LAST, ' ');
  const themes = pairs(TITLE_TIMES, TITLE_NOUNS);
  const scenes = pairs(TITLE_PLACES, TITLE_NOUNS);
  const words = (prefix: string, from: number, count: number) =>
    ENTITY_WORDS.slice(from, from + count).map((w) => `${prefix}${w}`);
  return {
    1: {
      makers: words('演示片商·', 0, 10),
      labels: words('演示厂牌·', 0, 14),
      series: dice.some(themes, 36).map((t) => `${t}系列`),
      directors: dice.some(pairs(NAME_FIRST, DIRECTOR_SECOND), 18),
      items: dice.some(scenes, 24),
      performers: eastPerformers.slice(0, 80),
    },
    2: {
      makers: words('演示片商·', 10, 6),
      labels: words('演示厂牌·', 10, 6),
      series: dice.some(themes, 10).map((t) => `${t}合集`),
      directors: dice.some(pairs(NAME_FIRST, DIRECTOR_SECOND), 8),
      items: dice.some(scenes, 10),
      performers: eastPerformers.slice(55),
    },
    3: {
      makers: [...WESTERN_STUDIOS],
      labels: WESTERN_STUDIOS.map((s) => `${s} Originals`),
      series: dice.some(pairs(['Sunny', 'Quiet', 'City', 'Coastal'], [' Days', ' Nights', ' Trips']), 8),
      directors: dice.some(westernPeople, 8),
      items: dice.some(scenes, 10),
      performers: dice.shuffle(westernPeople).slice(0, 40),
    },
  };
}
