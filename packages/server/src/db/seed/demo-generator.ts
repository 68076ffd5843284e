import { type ImportLineInput, MOD_NAME, type ModId } from '@yingku/contract';
import { daysBefore, todayInShanghai } from '../../lib/site-time';
import { channelPools, type ChannelPools } from './demo-pools';
import { createDice, type Dice } from './demo-random';
import {
  CENSORED_PREFIXES,
  ENGLISH_FIRST,
  ENGLISH_SECOND,
  KANA_FIRST,
  KANA_SECOND,
  TAG_GROUPS,
  TITLE_ENDINGS,
  TITLE_NOUNS,
  TITLE_PLACES,
  TITLE_TIMES,
  UNCENSORED_PREFIXES,
  WESTERN_STUDIOS,
} from './demo-words';

/** The seed of the catalogue `npm start` loads. */
export const DEMO_SEED = 20240601;
/** Works in the catalogue `npm start` loads. */
export const DEMO_WORK_COUNT = 3000;
/** Channel shares: censored, uncensored, western. */
const SHARES: Record<ModId, number> = { 1: 0.55, 2: 0.25, 3: 0.2 };
/** Publish dates reach back about three years; a fifth of each channel falls in the last 30 days. */
const OLDEST_DAY = 3 * 365;
const RECENT_SHARE = 0.2;

export interface DemoCatalogueOptions {
  seed?: number;
  works?: number;
  /** The day dates count back from, `YYYY-MM-DD`; by default today in Asia/Shanghai. */
  today?: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Makes unique numbers for one channel; serials climb per prefix, so they never repeat. */
function numberMaker(channel: ModId, dice: Dice) {
  const used = new Set<string>();
  const serials = new Map<string, number>();
  const serial = (prefix: string) => {
    const next = (serials.get(prefix) ?? dice.int(0, 40)) + dice.int(1, 3);
    serials.set(prefix, next);
    return `${prefix}-${pad(next, 3)}`;
  };
  const dated = (make: (yy: string, mm: string, dd: string) => string) => {
    for (;;) {
      const candidate = make(pad(dice.int(19, 24)), pad(dice.int(1, 12)), pad(dice.int(1, 28)));
      if (!used.has(candidate)) return (used.add(candidate), candidate);
    }
  };
  return (prefixIndex: number): string => {
    if (channel === 1) return serial(CENSORED_PREFIXES[prefixIndex % CENSORED_PREFIXES.length]!);
    if (channel === 2) {
      if (dice.chance(0.5)) return serial(UNCENSORED_PREFIXES[prefixIndex % UNCENSORED_PREFIXES.length]!);
      return dated((yy, mm, dd) => `${mm}${dd}${yy}-${dice.int(500, 999)}`);
    }
    const studio = WESTERN_STUDIOS[prefixIndex % WESTERN_STUDIOS.length]!;
    return dated((yy, mm, dd) => `${studio}.${yy}.${mm}.${dd}`);
  };
}

function title(channel: ModId, dice: Dice): string {
  if (channel === 3 && dice.chance(0.7)) return `${dice.pick(ENGLISH_FIRST)} ${dice.pick(ENGLISH_SECOND)}`;
  if (channel !== 3 && dice.chance(0.15)) return `${dice.pick(KANA_FIRST)}${dice.pick(KANA_SECOND)}`;
  const [time, place, noun] = [dice.pick(TITLE_TIMES), dice.pick(TITLE_PLACES), dice.pick(TITLE_NOUNS)];
  const body = dice.pick([
    `${time}的${noun}`,
    `${place}${noun}`,
    `${time}${place}的${noun}`,
    `在${place}的${time}`,
  ]);
  const ending = dice.chance(0.15) ? ` 第${dice.int(1, 12)}话` : dice.pick(TITLE_ENDINGS);
  return body + ending;
}

function magnets(number: string, offset: number, today: string, dice: Dice): ImportLineInput['magnets'] {
  if (dice.chance(0.15)) return [];
  return Array.from({ length: dice.int(1, 4) }, (_, i) => {
    const hd = dice.chance(0.5);
    const subtitle = dice.chance(0.3);
    // Never later than yesterday, so no magnet is dated in the future whatever the hour.
    const day = daysBefore(today, Math.max(1, offset - dice.int(0, 20)));
    const time = `${pad(dice.int(0, 23))}:${pad(dice.int(0, 59))}:${pad(dice.int(0, 59))}`;
    return {
      name: `${number}${subtitle ? '-C' : ''}${hd ? ' 1080p' : ''}${i > 0 ? ` (${i + 1})` : ''}`,
      infoHash: dice.hex(40),
      length: Math.round((300 + dice.float() ** 1.5 * 7900) * 1024 ** 2),
      createTime: `${day} ${time}`,
      hd,
      subtitle,
    };
  });
}

interface DraftWork {
  offset: number;
  line: ImportLineInput;
}

/** One work of a channel: everything but its date comes from the dice, so it never varies. */
function draftWork(
  channel: ModId,
  pools: ChannelPools,
  nextNumber: (i: number) => string,
  dice: Dice,
  today: string,
): DraftWork {
  const prefixIndex = dice.int(0, 1000);
  const number = nextNumber(prefixIndex);
  const offset = dice.chance(RECENT_SHARE) ? dice.int(0, 29) : dice.int(30, OLDEST_DAY);
  const rated = dice.chance(0.75);
  const stills = dice.chance(0.15) ? dice.int(0, 2) : dice.int(4, 10);
  const online = dice.float();
  const groups = TAG_GROUPS[channel];
  const tagGroups = dice.some(groups, dice.int(1, groups.length));
  return {
    offset,
    line: {
      channel: MOD_NAME[channel],
      number,
      title: title(channel, dice),
      pubDate: daysBefore(today, offset),
      duration: channel === 3 ? dice.int(20, 60) : dice.int(60, 180),
      picSmall: `demo/cover/${number}-s.svg`,
      picBig: `demo/cover/${number}.svg`,
      mp4: dice.chance(0.3) ? `demo/preview/${number}.mp4` : null,
      imageSmall: Array.from({ length: stills }, (_, i) => `demo/still/${number}-${i + 1}-s.svg`),
      imageBig: Array.from({ length: stills }, (_, i) => `demo/still/${number}-${i + 1}.svg`),
      isOnline: online < 0.04 ? 1 : online < 0.06 ? 2 : 0,
      average: rated ? dice.int(200, 500) / 100 : 0,
      evaluates: rated ? 1 + Math.floor(dice.float() ** 2 * 2000) : 0,
      makers: [pools.makers[prefixIndex % pools.makers.length]!],
      labels: [pools.labels[(prefixIndex + dice.int(0, 1)) % pools.labels.length]!],
      series: dice.chance(0.3) ? [dice.pick(pools.series)] : [],
      directors: dice.chance(0.7) ? [dice.pick(pools.directors)] : [],
      items: dice.some(pools.items, dice.int(1, 2)),
      performers: [
        ...new Set(
          Array.from(
            { length: dice.int(1, 3) },
            () => pools.performers[dice.skewed(pools.performers.length)]!,
          ),
        ),
      ],
      tags: tagGroups.flatMap(({ group, tags }) =>
        dice.some(tags, dice.int(1, 2)).map(([name, nameCn]) => ({ group, name, nameCn: nameCn ?? null })),
      ),
      magnets: magnets(number, offset, today, dice),
    },
  };
}

/**
 * The synthetic demo catalogue as import lines, oldest first: about 55% censored, 25%
 * uncensored, 20% western. The same seed and size give the same numbers, titles, people and
 * magnets on any day; only the publish dates move, counted back from `today`.
 */
export function generateDemoCatalogue(options: DemoCatalogueOptions = {}): ImportLineInput[] {
  const { seed = DEMO_SEED, works = DEMO_WORK_COUNT, today = todayInShanghai() } = options;
  const pools = channelPools(createDice(seed));
  const counts: Record<ModId, number> = {
    1: Math.round(works * SHARES[1]),
    2: Math.round(works * SHARES[2]),
    3: works - Math.round(works * SHARES[1]) - Math.round(works * SHARES[2]),
  };
  const drafts: DraftWork[] = [];
  for (const channel of [1, 2, 3] as const) {
    const dice = createDice(seed * 31 + channel);
    const nextNumber = numberMaker(channel, dice);
    for (let i = 0; i < counts[channel]; i++) {
      drafts.push(draftWork(channel, pools[channel], nextNumber, dice, today));
    }
  }
  // Oldest first, so the time-ordered ids of a fresh load follow the publish dates.
  drafts.sort((a, b) => b.offset - a.offset || compare(a.line.number, b.line.number));
  return drafts.map((d) => d.line);
}
