import { type ModId, numberKey } from '@yingku/contract';
import { createDice } from '../../src/db/seed/demo-random';
import { daysBefore } from '../../src/lib/site-time';
import { createIdGenerator } from '../../src/features/catalogue-write/id-generator';
import {
  CHANNELS,
  type EntityPool,
  performerPool,
  type PerformerPool,
  type PlainKind,
  plainPools,
  studioName,
  tagPool,
} from './entity-pools';
import { letterCode } from './names';
import { CHANNEL_SHARES, type Scale } from './scale';
import { skewedPicker } from './skew';

/** Publish dates reach back twenty years. */
export const OLDEST_DAY = 20 * 365;
/**
 * Days back are `OLDEST_DAY × u^1.6`: the newer, the denser (as catalogues grow), with ~3% of
 * works in the last 30 days and a steady trickle every day.
 */
const RECENCY = 1.6;
/** Work ids count from this fixed instant (as the demo's do), so a seed always gives the same ids. */
const ID_CLOCK = Date.UTC(2024, 6, 1);
/** Not the demo's worker (0), so bench ids never equal demo ids. */
const ID_WORKER = 7;

/**
 * Everything about the works that more than one table needs, held in compact arrays (a million
 * works take ~150 MB); per-table details (titles, links, magnet names) are drawn while writing.
 * Works are in publish order, oldest first, so ids rise with dates as on a site that grew.
 */
export interface CataloguePlan {
  scale: Scale;
  seed: number;
  /** `YYYY-MM-DD` for each number of days back (index 0 is today). */
  days: string[];
  ids: string[];
  numbers: string[];
  channel: Uint8Array;
  /** Days before today of each work's publish date. */
  day: Uint16Array;
  /** Rank of the maker within its channel's block (0 = most popular). */
  makerRank: Int32Array;
  /** Magnets of each work (0 for ~15%). */
  magnets: Uint8Array;
  /** Filled by the library plan: likes and collecting users of each work. */
  likeCount: Int32Array;
  collectCount: Int32Array;
  plain: Record<PlainKind, EntityPool>;
  performers: PerformerPool;
  tags: ReturnType<typeof tagPool>;
}

/** Picks a channel with the catalogue's shares. */
function channelOf(u: number): ModId {
  return u < CHANNEL_SHARES[0] ? 1 : u < CHANNEL_SHARES[0] + CHANNEL_SHARES[1] ? 2 : 3;
}

/** Magnets per work: none for ~15%, else 1 + an exponential tail (mean ~4.7, so ~4 per work). */
function magnetCount(u: number, v: number): number {
  if (u < 0.15) return 0;
  return Math.min(30, 1 + Math.floor(-Math.log(1 - v) * 3.7));
}

/**
 * Work numbers, unique by construction and checked: censored `YKAB-123` (one letter code per
 * maker, serials climbing), uncensored half `YUAB-123`, half date-like `051823-417`, western
 * `SunnyReel.24.05.18` (a counter suffix when a studio has two works a day); checked unique.
 */
function numberMaker(plan: Pick<CataloguePlan, 'days'>) {
  const serials = new Map<string, number>();
  const keys = new Set<string>();
  const next = (key: string, start: number) => {
    const n = (serials.get(key) ?? start - 1) + 1;
    serials.set(key, n);
    return n;
  };
  const make = (channel: ModId, makerRank: number, day: number, u: number): string => {
    const [yyyy, mm, dd] = plan.days[day]!.split('-') as [string, string, string];
    const yy = yyyy.slice(2);
    if (channel === 1 || (channel === 2 && u < 0.5)) {
      const prefix = `${channel === 1 ? 'YK' : 'YU'}${letterCode(makerRank)}`;
      return `${prefix}-${String(next(prefix, 1)).padStart(3, '0')}`;
    }
    if (channel === 2) return `${mm}${dd}${yy}-${next(`${day}`, 100)}`;
    const studio = studioName(makerRank);
    const n = next(`${studio}.${day}`, 1);
    return `${studio}.${yy}.${mm}.${dd}${n > 1 ? `.${n}` : ''}`;
  };
  return (channel: ModId, makerRank: number, day: number, u: number): string => {
    // Magnets hang on the number key: two works sharing one would share magnets. Forms can meet
    // (`Studio2.20.10.13` and `Studio.22.01.01.3` both key to …2201013); each try moves a
    // counter on, so the next one differs.
    for (;;) {
      const number = make(channel, makerRank, day, u);
      const key = numberKey(number);
      if (!keys.has(key)) {
        keys.add(key);
        return number;
      }
    }
  };
}

/** Plans the catalogue of `scale.works` works from a seed, with dates counted back from `today`. */
export function planCatalogue(scale: Scale, seed: number, today: string): CataloguePlan {
  const n = scale.works;
  const dice = createDice(seed);
  const days = Array.from({ length: OLDEST_DAY + 1 }, (_, k) => daysBefore(today, k));
  const day = Uint16Array.from({ length: n }, () => Math.floor(OLDEST_DAY * dice.float() ** RECENCY));
  day.sort().reverse();

  const plain = plainPools(scale);
  const makerPickers = Object.fromEntries(
    CHANNELS.map((c) => [c, skewedPicker(plain.makers.block[c].count, 5)]),
  ) as Record<ModId, ReturnType<typeof skewedPicker>>;
  const newId = createIdGenerator({ workerId: ID_WORKER, now: () => ID_CLOCK });
  const numberOf = numberMaker({ days });

  const plan: CataloguePlan = {
    scale,
    seed,
    days,
    ids: new Array<string>(n),
    numbers: new Array<string>(n),
    channel: new Uint8Array(n),
    day,
    makerRank: new Int32Array(n),
    magnets: new Uint8Array(n),
    likeCount: new Int32Array(n),
    collectCount: new Int32Array(n),
    plain,
    performers: performerPool(scale),
    tags: tagPool(scale),
  };
  for (let i = 0; i < n; i++) {
    const channel = channelOf(dice.float());
    const makerRank = makerPickers[channel](dice);
    plan.ids[i] = newId();
    plan.channel[i] = channel;
    plan.makerRank[i] = makerRank;
    plan.numbers[i] = numberOf(channel, makerRank, day[i]!, dice.float());
    plan.magnets[i] = magnetCount(dice.float(), dice.float());
  }
  return plan;
}
