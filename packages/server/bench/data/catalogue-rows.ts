import { type ModId, numberKey, REVIEW_LIMITS } from '@yingku/contract';
import { createDice, type Dice } from '../../src/db/seed/demo-random';
import { searchText, titleGrams } from '../../src/features/catalogue/search/text';
import type { CataloguePlan } from './catalogue-plan';
import { copyBool, copyNullable, copyText, copyTextArray } from './copy-text';
import { CHANNELS, type EntityPool, type PlainKind } from './entity-pools';
import { distinctPicks, skewedPicker } from './skew';
import { chunked, type TableLoad } from './table-load';
import { benchTitle } from './titles';

/** Each table draws from its own seeded stream, so adding a table never changes another's rows. */
const SALT = { works: 11, magnets: 13, makers: 17, labels: 19, series: 23, directors: 29, items: 31, performers: 37, tags: 41 };

/** Work–entity link counts gathered while the links are written; the entity rows come after. */
export interface EntityCounts {
  plain: Record<PlainKind, Int32Array>;
  tags: Int32Array;
  /** Per channel (censored, uncensored, western), indexed like the performers. */
  performers: [Int32Array, Int32Array, Int32Array];
}

export function emptyCounts(plan: CataloguePlan): EntityCounts {
  const plain = Object.fromEntries(
    Object.entries(plan.plain).map(([kind, pool]) => [kind, new Int32Array(pool.rows.length)]),
  ) as Record<PlainKind, Int32Array>;
  const p = plan.performers.names.length;
  return {
    plain,
    tags: new Int32Array(plan.tags.tags.length),
    performers: [new Int32Array(p), new Int32Array(p), new Int32Array(p)],
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The `works` rows, with search columns from the catalogue writer's own functions. */
export function worksLoad(plan: CataloguePlan): TableLoad {
  const columns = [
    'id', 'channel', 'number', 'number_key', 'title', 'pub_date', 'duration_min', 'pic_small', 'pic_big',
    'mp4', 'image_small', 'image_big', 'is_online', 'has_magnet', 'average', 'evaluates', 'collect_count',
    'like_count', 'search_text', 'title_grams', 'imported_average', 'imported_evaluates', 'rank_average',
  ];
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 97 + SALT.works);
    for (let i = 0; i < plan.ids.length; i++) {
      const channel = plan.channel[i] as ModId;
      const number = plan.numbers[i]!;
      const title = benchTitle(channel, dice);
      const stills = dice.chance(0.15) ? dice.int(0, 2) : dice.int(4, 10);
      const small = Array.from({ length: stills }, (_, k) => `demo/still/${number}-${k + 1}-s.svg`);
      const big = Array.from({ length: stills }, (_, k) => `demo/still/${number}-${k + 1}.svg`);
      const online = dice.float();
      const rated = dice.chance(0.75) || plan.likeCount[i]! > 0;
      // Ratings follow popularity: liked works are rated more often and by more people.
      const evaluates = rated ? 1 + Math.floor(dice.float() ** 3 * 3000) + plan.likeCount[i]! * 3 : 0;
      const average = rated ? dice.int(200, 500) / 100 : 0;
      yield [
        plan.ids[i],
        channel,
        copyText(number),
        copyText(numberKey(number)),
        copyText(title),
        plan.days[plan.day[i]!],
        channel === 3 ? dice.int(20, 60) : dice.int(60, 180),
        copyText(`demo/cover/${number}-s.svg`),
        copyText(`demo/cover/${number}.svg`),
        copyNullable(dice.chance(0.3) ? `demo/preview/${number}.mp4` : null),
        copyTextArray(small),
        copyTextArray(big),
        online < 0.03 ? 1 : online < 0.045 ? 2 : 0,
        copyBool(plan.magnets[i]! > 0),
        average,
        evaluates,
        plan.collectCount[i],
        plan.likeCount[i],
        copyText(searchText(number, title)),
        copyTextArray(titleGrams(title)),
        // The import's own figures; members' ratings are combined in after the load (decision 044).
        average,
        evaluates,
        evaluates >= REVIEW_LIMITS.minRatingsToRank ? average : 0,
      ].join('\t') + '\n';
    }
  }
  return { table: 'works', columns, expectedRows: plan.ids.length, rowCost: 40, chunks: () => chunked(lines()) };
}

/** The `magnets` rows: random 40-hex hashes, dated from the work's publish date on. */
export function magnetsLoad(plan: CataloguePlan): TableLoad {
  const columns = ['id', 'number', 'number_key', 'name', 'info_hash', 'length', 'create_time', 'hd', 'subtitle'];
  let total = 0;
  for (const n of plan.magnets) total += n;
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 97 + SALT.magnets);
    let id = 0;
    for (let i = 0; i < plan.ids.length; i++) {
      const number = plan.numbers[i]!;
      const key = copyText(numberKey(number));
      for (let m = 0; m < plan.magnets[i]!; m++) {
        const hd = dice.chance(0.5);
        const subtitle = dice.chance(0.3);
        const day = plan.days[Math.max(1, plan.day[i]! - dice.int(0, 20))];
        const time = `${pad2(dice.int(0, 23))}:${pad2(dice.int(0, 59))}:${pad2(dice.int(0, 59))}`;
        const name = `${number}${subtitle ? '-C' : ''}${hd ? ' 1080p' : ''}${m > 0 ? ` (${m + 1})` : ''}`;
        const length = Math.round((300 + dice.float() ** 1.5 * 7900) * 1024 ** 2);
        id += 1;
        yield `${id}\t${copyText(number)}\t${key}\t${copyText(name)}\t${dice.hex(40)}\t${length}\t${day} ${time}+08\t${copyBool(hd)}\t${copyBool(subtitle)}\n`;
      }
    }
  }
  return { table: 'magnets', columns, expectedRows: total, rowCost: 12, chunks: () => chunked(lines()) };
}

/** `has_magnet` is the work's own, copied (decision 016); `hidden` keeps its default, false. */
const LINK_COLUMNS = ['work_id', 'entity_id', 'channel', 'pub_date', 'has_magnet'] as const;

/** Per channel, a skewed picker over a block of entities (rank 0 the most popular). */
function blockPickers(pool: EntityPool, offset: (count: number) => number) {
  return Object.fromEntries(
    CHANNELS.map((c) => [c, skewedPicker(pool.block[c].count, offset(pool.block[c].count))]),
  ) as Record<ModId, (dice: Dice) => number>;
}

/**
 * A link table's rows. `entities(i, channel, dice)` answers the entity ids (1-based) of work i;
 * `count` records each link for the entity counts.
 */
function linkLoad(
  plan: CataloguePlan,
  table: string,
  salt: number,
  expectedPerWork: number,
  entities: (i: number, channel: ModId, dice: Dice) => number[],
  count: (entityId: number, channel: ModId) => void,
): TableLoad {
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 97 + salt);
    for (let i = 0; i < plan.ids.length; i++) {
      const channel = plan.channel[i] as ModId;
      const tail = `\t${channel}\t${plan.days[plan.day[i]!]}\t${copyBool(plan.magnets[i]! > 0)}\n`;
      for (const entityId of entities(i, channel, dice)) {
        count(entityId, channel);
        yield `${plan.ids[i]}\t${entityId}${tail}`;
      }
    }
  }
  const expectedRows = Math.round(plan.ids.length * expectedPerWork);
  return { table, columns: LINK_COLUMNS, expectedRows, chunks: () => chunked(lines()) };
}

/**
 * The seven link tables, channel and pub_date copied from the work (DESIGN.md "Measured at a
 * million works"). Makers follow the plan (their letter code is in the number); a label is its
 * maker's or the next one; series, directors, items, performers and tags are skewed draws.
 */
export function linkLoads(plan: CataloguePlan, counts: EntityCounts): TableLoad[] {
  const { makers, labels, series, directors, items } = plan.plain;
  const idOf = (pool: EntityPool, channel: ModId, rank: number) => pool.block[channel].start + rank + 1;
  const plainCount = (kind: PlainKind) => (id: number) => {
    counts.plain[kind][id - 1]! += 1;
  };
  const seriesPick = blockPickers(series, () => 20);
  const directorPick = blockPickers(directors, () => 10);
  const itemPick = blockPickers(items, () => 3);
  const tagPick = Object.fromEntries(
    CHANNELS.map((c) => [c, skewedPicker(plan.tags.block[c].count, 2)]),
  ) as Record<ModId, (dice: Dice) => number>;
  const performerPick = Object.fromEntries(
    CHANNELS.map((c) => {
      const n = plan.performers.byChannel[c].length;
      return [c, skewedPicker(n, Math.max(3, Math.round(n / 1200)))];
    }),
  ) as Record<ModId, (dice: Dice) => number>;

  return [
    linkLoad(plan, 'work_makers', SALT.makers, 1, (i, c) => [idOf(makers, c, plan.makerRank[i]!)], plainCount('makers')),
    linkLoad(
      plan,
      'work_labels',
      SALT.labels,
      1,
      (i, c, dice) => [idOf(labels, c, (plan.makerRank[i]! + (dice.chance(0.3) ? 1 : 0)) % labels.block[c].count)],
      plainCount('labels'),
    ),
    linkLoad(
      plan,
      'work_series',
      SALT.series,
      0.4,
      (_i, c, dice) => (dice.chance(0.4) ? [idOf(series, c, seriesPick[c](dice))] : []),
      plainCount('series'),
    ),
    linkLoad(
      plan,
      'work_directors',
      SALT.directors,
      0.7,
      (_i, c, dice) => (dice.chance(0.7) ? [idOf(directors, c, directorPick[c](dice))] : []),
      plainCount('directors'),
    ),
    linkLoad(
      plan,
      'work_items',
      SALT.items,
      1.2,
      (_i, c, dice) =>
        dice.chance(0.8) ? distinctPicks(itemPick[c], dice.int(1, 2), dice).map((r) => idOf(items, c, r)) : [],
      plainCount('items'),
    ),
    linkLoad(
      plan,
      'work_performers',
      SALT.performers,
      1.6,
      (_i, c, dice) => {
        if (dice.chance(0.06)) return [];
        const wanted = Math.min(6, 1 + Math.floor(-Math.log(1 - dice.float()) * (c === 3 ? 1 : 0.7)));
        return distinctPicks(performerPick[c], wanted, dice).map((r) => plan.performers.byChannel[c][r]! + 1);
      },
      (id, c) => {
        counts.performers[c - 1]![id - 1]! += 1;
      },
    ),
    linkLoad(
      plan,
      'work_tags',
      SALT.tags,
      8,
      (_i, c, dice) => {
        const wanted = 3 + dice.int(0, 5) + dice.int(0, 5);
        return distinctPicks(tagPick[c], wanted, dice).map((r) => plan.tags.block[c].start + r + 1);
      },
      (id) => {
        counts.tags[id - 1]! += 1;
      },
    ),
  ];
}

/** Makers, labels, series, directors, items, performers, tag groups and tags, counts included. */
export function entityLoads(plan: CataloguePlan, counts: EntityCounts): TableLoad[] {
  const plainLoads = (Object.keys(plan.plain) as PlainKind[]).map(
    (kind): TableLoad => ({
      table: kind,
      columns: ['id', 'channel', 'name', 'name_cn', 'work_count'],
      expectedRows: plan.plain[kind].rows.length,
      chunks: () =>
        chunked(
          plan.plain[kind].rows.map(
            (r, i) => `${i + 1}\t${r.channel}\t${copyText(r.name)}\t${copyNullable(r.nameCn)}\t${counts.plain[kind][i]}\n`,
          ),
        ),
    }),
  );
  const [c1, c2, c3] = counts.performers;
  return [
    ...plainLoads,
    {
      table: 'performers',
      columns: ['id', 'name', 'name_cn', 'censored_count', 'uncensored_count', 'western_count'],
      expectedRows: plan.performers.names.length,
      chunks: () =>
        chunked(plan.performers.names.map((name, i) => `${i + 1}\t${copyText(name)}\t\\N\t${c1[i]}\t${c2[i]}\t${c3[i]}\n`)),
    },
    {
      table: 'tag_groups',
      columns: ['id', 'channel', 'name', 'sort_order'],
      expectedRows: plan.tags.groups.length,
      chunks: () =>
        chunked(plan.tags.groups.map((g, i) => `${i + 1}\t${g.channel}\t${copyText(g.name)}\t${g.sortOrder}\n`)),
    },
    {
      table: 'tags',
      columns: ['id', 'group_id', 'channel', 'name', 'name_cn', 'work_count'],
      expectedRows: plan.tags.tags.length,
      chunks: () =>
        chunked(
          plan.tags.tags.map(
            (t, i) =>
              `${i + 1}\t${t.group + 1}\t${t.channel}\t${copyText(t.name)}\t${copyNullable(t.nameCn)}\t${counts.tags[i]}\n`,
          ),
        ),
    },
  ];
}
