import {
  API,
  DATE_WINDOWS,
  fillPath,
  FOLLOW_LIMITS,
  FOLLOWS_API,
  LIMITS,
  MOD_NAME,
  type ModId,
  PAGE_SIZE,
  RANKING_DATE_WINDOWS,
  REVIEW_LIMITS,
  REVIEWS_API,
} from '@yingku/contract';
import type { Dice } from '../src/db/seed/demo-random';
import { type ApiPools, FILTER_TABLES, type FilterTable, type PooledEntity } from './api-pools';
import { skewedPicker } from './data/skew';
import { namePiece, numberPrefix, titleStart } from './search-box-words';
import type { ApiGet } from './signed-get';

/**
 * One line of the report. `miss` scenarios map 1:1 to the p99 targets of the scale issue (at
 * a million works, fixed offered load) and draw every request's parameters afresh from the
 * pools; `hit` scenarios repeat one URL, so the read cache answers (compared with hello-world).
 */
export interface ApiScenario {
  name: string;
  kind: 'miss' | 'hit';
  /** The p99 the issue asks for (ms); none for the hit path. */
  targetMs?: number;
  /** The next request to send. */
  next(): ApiGet;
}

const CHANNELS: ModId[] = [1, 2, 3];
const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff]+/gu;
const LATIN_WORD = /[A-Za-z]{3,}/g;

const list = (query: Record<string, string | number | undefined>): ApiGet => ({
  path: API.worksList,
  query: Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ),
});

/** The URL the hit scenarios repeat, for {@link revalidationScenario}. */
export const HIT_LIST: ApiGet = list({
  modName: 'censored',
  date: 999,
  pageNum: 1,
  pageSize: PAGE_SIZE.latest,
});

/** The parameter a list is filtered by for each entity table. */
const FILTER_PARAM: Record<FilterTable | 'performer', string> = {
  maker: 'makerId',
  label: 'labelId',
  series: 'seriesId',
  director: 'directorId',
  item: 'itemId',
  performer: 'performerId',
};

/** A work number as a visitor might type it: as shown, lower case, without separators, zero-padded. */
export function numberSpelling(number: string, variant: number): string {
  switch (variant % 4) {
    case 0:
      return number;
    case 1:
      return number.toLowerCase();
    case 2:
      return number.replace(/[-_.\s]/g, '');
    default:
      return number.replace(/-(\d+)$/, (_m, serial: string) => `-00${serial}`);
  }
}

/** How many distinct keywords the Zipf mix draws from (fewer when the pooled titles hold fewer). */
const ZIPF_KEYWORDS = 10_000;

/** Search words cut from titles: CJK pieces of 1, 2 and 3–4 characters; Latin words of 3+ letters. */
export function titleWords(titles: readonly string[]): { one: string[]; two: string[]; longer: string[] } {
  const one = new Set<string>();
  const two = new Set<string>();
  const longer = new Set<string>();
  for (const title of titles) {
    for (const run of title.match(CJK_RUN) ?? []) {
      const chars = [...run];
      chars.forEach((c, i) => {
        one.add(c);
        if (i + 2 <= chars.length) two.add(chars.slice(i, i + 2).join(''));
        if (i + 3 <= chars.length) longer.add(chars.slice(i, i + 3 + (i % 2)).join(''));
      });
    }
    for (const word of title.match(LATIN_WORD) ?? []) longer.add(word.toLowerCase());
  }
  return { one: [...one], two: [...two], longer: [...longer] };
}

/** A filtered list as the web app asks for it: a date window, the magnet filter, mostly page 1. */
function filtered(dice: Dice, entity: PooledEntity, param: Record<string, string>, pageSize: number) {
  return list({
    modName: MOD_NAME[entity.modId],
    ...param,
    date: dice.pick(DATE_WINDOWS),
    isDht: 1,
    pageSize,
    pageNum: dice.chance(0.8) ? 1 : dice.int(2, 5),
  });
}

/** Every scenario, in report order; `dice` draws each request's parameters. */
export function apiScenarios(pools: ApiPools, dice: Dice, feedTokens: readonly string[] = []): ApiScenario[] {
  const channel = () => dice.pick(CHANNELS);
  const words = titleWords(pools.works.map((w) => w.title));
  // A realistic mix (decision 051): up to ZIPF_KEYWORDS keywords cut from the pooled titles, in a
  // random order of popularity, asked by Zipf's law, so a few are asked again and again and
  // most now and then; beside the uniform draws of the three scenarios before it.
  const zipfWords = dice.shuffle([...words.longer, ...words.two, ...words.one]).slice(0, ZIPF_KEYWORDS);
  const zipfPick = skewedPicker(zipfWords.length, 1);
  // As the search page asks: every channel (a channel tab now and then), all time, newest first.
  const search = (keyword: string) =>
    list({
      keyword,
      modName: dice.chance(0.25) ? MOD_NAME[channel()] : undefined,
      sort: 'pubTime',
      date: 999,
      pageSize: PAGE_SIZE.search,
      isDht: dice.chance(0.3) ? 1 : undefined,
    });
  const filter = (kind: FilterTable | 'performer', entities: () => PooledEntity[]) => () => {
    const entity = dice.pick(entities());
    return filtered(dice, entity, { [FILTER_PARAM[kind]]: entity.id }, PAGE_SIZE.workList);
  };
  const sidebarPage = (modId: ModId, table: string) =>
    dice.chance(0.7) ? 1 : dice.int(1, pools.sidebarPages[modId][table] ?? 1);
  const detailOf = (id: string): ApiGet => ({ path: fillPath(API.workDetail, { id }), query: {} });
  const hitWork = pools.works[0]!;
  // A keyword is 1–32 characters (docs/product.md §9): longer numbers (some western ones) cannot be asked
  // for.
  const typable = pools.works.filter((w) => w.number.length <= LIMITS.keywordMax);
  // The search box (decision 043): every channel, a channel tab now and then, as the search page.
  const searchBox = (path: string, keyword: string): ApiGet => ({
    path,
    query: dice.chance(0.25) ? { keyword, modName: MOD_NAME[channel()] } : { keyword },
  });
  const named = [...pools.performers, ...pools.entities.maker, ...pools.entities.series];
  const namePart = () => namePiece(dice.pick(named).name, dice);

  const miss = (name: string, targetMs: number, next: () => ApiGet): ApiScenario => ({
    name,
    kind: 'miss',
    targetMs,
    next,
  });
  // A member's feed (decision 045): page 1 mostly, as the 关注 tab opens it; and the 我的 badge.
  const asMember = (path: string, query: Record<string, string>): ApiGet => ({
    path,
    query,
    headers: { authorization: `Bearer ${dice.pick(feedTokens)}` },
  });
  const feed: ApiScenario[] =
    feedTokens.length === 0
      ? []
      : [
          miss('feed', 20, () =>
            asMember(FOLLOWS_API.feed, {
              pageNum: String(dice.chance(0.8) ? 1 : dice.int(2, 5)),
              pageSize: String(FOLLOW_LIMITS.memberFeed),
            }),
          ),
          miss('feed new', 10, () => asMember(FOLLOWS_API.feedNew, {})),
        ];
  return [
    ...feed,
    // The latest tab (all time) and the default 30-day list, with and without the magnet filter.
    miss('latest p1', 20, () =>
      list({
        modName: MOD_NAME[channel()],
        date: dice.pick([30, 999]),
        isDht: dice.chance(0.5) ? 1 : undefined,
        pageSize: PAGE_SIZE.latest,
      }),
    ),
    miss('latest p200', 20, () =>
      list({
        modName: MOD_NAME[channel()],
        date: 999,
        isDht: dice.chance(0.5) ? 1 : undefined,
        pageSize: PAGE_SIZE.latest,
        pageNum: 200,
      }),
    ),
    miss('filter tag', 30, () => {
      const tag = dice.pick(pools.tags);
      return filtered(dice, tag, { tagsId: tag.id }, PAGE_SIZE.categories);
    }),
    miss(
      'filter maker',
      30,
      filter('maker', () => pools.entities.maker),
    ),
    miss(
      'filter performer',
      30,
      filter('performer', () => pools.performers),
    ),
    miss(
      'filter series',
      30,
      filter('series', () => pools.entities.series),
    ),
    miss('filter label/dir/item', 30, () => {
      const kind = dice.pick(['label', 'director', 'item'] as const);
      return filter(kind, () => pools.entities[kind])();
    }),
    miss('search number', 10, () => {
      const { number } = dice.pick(typable);
      const spelled = numberSpelling(number, dice.int(0, 3));
      return search(spelled.length <= LIMITS.keywordMax ? spelled : number);
    }),
    miss('search 3+ chars', 50, () => search(dice.pick(words.longer))),
    miss('search 2 chars', 50, () => search(dice.pick(words.two))),
    miss('search 1 char', 50, () => search(dice.pick(words.one))),
    miss('search zipf mix', 50, () => search(zipfWords[zipfPick(dice)]!)),
    // Suggestions while typing: a number half typed (`YKJ-2`), a title's first 2–4 characters,
    // or part of a performer's, maker's or series' name.
    miss('search suggest', 10, () => {
      const roll = dice.float();
      const keyword =
        roll < 0.4
          ? numberPrefix(dice.pick(typable).number, dice.int(2, 6), dice.chance(0.3))
          : roll < 0.7
            ? titleStart(dice.pick(pools.works).title, dice.int(2, 4))
            : namePart();
      return searchBox(API.searchSuggest, keyword);
    }),
    // The names above the search's works: 1–4 characters of a CJK name, or a romanised word.
    miss('search entities', 15, () => searchBox(API.searchEntities, namePart())),
    miss('work detail', 10, () => detailOf(dice.pick(pools.works).id)),
    // The detail's 评论 tab on a reviewed work: its rating summary, or a page of its reviews,
    // newest or most helpful first.
    miss('detail with reviews', 15, (): ApiGet => {
      const id = dice.pick(pools.reviewed);
      if (dice.chance(0.4)) return { path: fillPath(REVIEWS_API.workRatings, { id }), query: {} };
      return {
        path: fillPath(REVIEWS_API.workReviews, { id }),
        query: {
          order: dice.chance(0.7) ? 'newest' : 'helpful',
          pageNum: String(dice.chance(0.8) ? 1 : 2),
          pageSize: String(REVIEW_LIMITS.pageSize),
        },
      };
    }),
    // The detail page's magnet lookup, with the extra fields docs/product.md §7 says it sends.
    miss('work magnets', 10, () => ({
      path: API.magnets,
      query: {
        keyword: dice.pick(typable).number,
        pageSize: String(PAGE_SIZE.magnets),
        pageNum: '1',
        order: 'dht',
        data: '0',
        category: 'video',
        modId: '3',
        remark: 'dht',
      },
    })),
    // The ranking tabs and date chips the web app offers per channel (censored has them all).
    miss('ranking', 30, () => {
      const modName = MOD_NAME[channel()];
      return list({
        modName,
        sort: modName === 'censored' ? dice.pick(['collect', 'average', 'evaluates']) : 'average',
        date: dice.pick(RANKING_DATE_WINDOWS[modName]),
        pageSize: PAGE_SIZE.ranking,
        pageNum: dice.chance(0.8) ? 1 : dice.int(2, 10),
      });
    }),
    miss('sidebar tags', 20, () => ({ path: API.tagChannel, query: { modId: String(channel()) } })),
    miss('sidebar makers…', 20, () => {
      const modId = channel();
      const tableName = dice.pick(FILTER_TABLES);
      const pageNum = sidebarPage(modId, tableName);
      return { path: API.tagList, query: { tableName, modId: String(modId), pageNum: String(pageNum) } };
    }),
    miss('sidebar performers', 20, () => {
      const modId = channel();
      const query: Record<string, string> = {
        modName: MOD_NAME[modId],
        pageNum: String(sidebarPage(modId, 'performer')),
      };
      if (dice.chance(0.3)) query.sort = 'uncensoredCount';
      return { path: API.performerList, query };
    }),
    { name: 'hit: latest p1', kind: 'hit', next: () => HIT_LIST },
    { name: 'hit: work detail', kind: 'hit', next: () => detailOf(hitWork.id) },
  ];
}

/** The hit path without a body: the latest list revalidated with its current ETag (decision 017). */
export function revalidationScenario(call: ApiGet, etag: string): ApiScenario {
  const headers = { 'if-none-match': etag };
  return { name: 'hit: 304 revalidate', kind: 'hit', next: () => ({ ...call, headers }) };
}
