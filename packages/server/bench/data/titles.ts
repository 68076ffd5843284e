import type { ModId } from '@yingku/contract';
import type { Dice } from '../../src/db/seed/demo-random';
import {
  ENGLISH_FIRST,
  ENGLISH_SECOND,
  KANA_FIRST,
  KANA_SECOND,
  TITLE_ENDINGS,
  TITLE_NOUNS,
  TITLE_PLACES,
  TITLE_TIMES,
} from '../../src/db/seed/demo-words';
import {
  EXTRA_ENGLISH,
  EXTRA_ENGLISH_SECOND,
  EXTRA_KANA,
  EXTRA_KANA_SECOND,
  EXTRA_TITLE_WORDS,
  NAME_WORDS,
} from './bench-words';

const ENGLISH_A = [...ENGLISH_FIRST, ...EXTRA_ENGLISH];
const ENGLISH_B = [...ENGLISH_SECOND, ...EXTRA_ENGLISH_SECOND];
const KANA_A = [...KANA_FIRST, ...EXTRA_KANA];
const KANA_B = [...KANA_SECOND, ...EXTRA_KANA_SECOND];
const TIMES = [...TITLE_TIMES, ...EXTRA_TITLE_WORDS.slice(0, 12)];
const PLACES = [...TITLE_PLACES, ...EXTRA_TITLE_WORDS.slice(12)];

/**
 * A neutral title in the demo's manner (src/db/seed/demo-generator.ts): everyday Chinese words,
 * some Japanese kana, English for most western works. A larger vocabulary than the demo's, with
 * a rarer word now and then, so searches meet both very common and rare words.
 */
export function benchTitle(channel: ModId, dice: Dice): string {
  if (channel === 3 && dice.chance(0.7)) {
    const part = dice.chance(0.2) ? ` Part ${dice.int(2, 6)}` : '';
    return `${dice.pick(ENGLISH_A)} ${dice.pick(ENGLISH_B)}${part}`;
  }
  if (channel !== 3 && dice.chance(0.15)) return `${dice.pick(KANA_A)}${dice.pick(KANA_B)}`;
  const [time, place, noun] = [dice.pick(TIMES), dice.pick(PLACES), dice.pick(TITLE_NOUNS)];
  let body: string;
  switch (dice.int(0, 4)) {
    case 0:
      body = `${time}的${noun}`;
      break;
    case 1:
      body = `${place}${noun}`;
      break;
    case 2:
      body = `${time}${place}的${noun}`;
      break;
    case 3:
      body = `在${place}的${time}`;
      break;
    default:
      body = `${dice.pick(NAME_WORDS)}与${place}的${noun}`;
  }
  const ending = dice.chance(0.15) ? ` 第${dice.int(1, 24)}话` : dice.pick(TITLE_ENDINGS);
  return body + ending;
}
