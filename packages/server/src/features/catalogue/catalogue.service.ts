import {
  ALL_TIME,
  type EntityMatch,
  type EntityRef,
  type EntitySearchQuery,
  isInt64Id,
  isNumberLike,
  isNumberPrefix,
  LATEST_DEFAULTS,
  LIMITS,
  MOD_ID,
  ENTITY_MATCH_KINDS,
  type EntityMatchKind,
  MOD_NAME,
  type ModId,
  type ModName,
  numberKey,
  SERVER_MSG,
  SUGGESTED_ENTITY_KINDS,
  type SuggestQuery,
  type Suggestions,
  type TagGroup,
  type WorkDetailResponse,
  type WorksListQuery,
} from '@yingku/contract';
import { badRequest, notFound } from '../../http/errors';
import type { Database } from '../../db/connection';
import { createCatalogueRepo, type CountedEntityTable, type MagnetOrder } from './catalogue.repo';
import type { EntityMatchRow } from './search/entities.repo';
import { compactNumber, foldText, searchTerms } from './search/text';
import { spellings } from './search/simplified';
import { daysBefore, todayInShanghai } from '../../lib/site-time';
import type { EntityFilter, WorksFilter } from './works-list.repo';
import { toListItem } from '../../db/work-list-row';
import type { SearchCache } from './search/cache';
import { createWorksLister } from './works-lister';
import { pageOffset } from '../../http/paging';

function toEntityMatch(row: EntityMatchRow): EntityMatch {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    nameCn: row.name_cn,
    modName: MOD_NAME[row.channel],
    count: Number(row.count),
  };
}

/**
 * The entities found for each spelling of a keyword (as typed, then in simplified characters),
 * as one answer: each kind's matches of the first spelling, then the others' not among them, up
 * to `perKind`, kinds in their usual order (performers first).
 */
function eachSpelling(found: EntityMatchRow[][], perKind: number): EntityMatchRow[] {
  if (found.length === 1) return found[0]!;
  const byKind = new Map<EntityMatchKind, EntityMatchRow[]>();
  for (const row of found.flat()) {
    const rows = byKind.get(row.kind) ?? [];
    if (rows.length < perKind && !rows.some((other) => other.id === row.id && other.channel === row.channel))
      rows.push(row);
    byKind.set(row.kind, rows);
  }
  const order = (kind: EntityMatchKind) => ENTITY_MATCH_KINDS.indexOf(kind);
  return [...byKind.entries()].sort(([a], [b]) => order(a) - order(b)).flatMap(([, rows]) => rows);
}

/** The catalogue's read rules (docs/product.md §7, §9): filters, date windows, sorts, paging. */
export function createCatalogueService({
  database,
  today = todayInShanghai,
  searchCache,
}: {
  /** Where the catalogue is read: the read replica when there is one. */
  database: Pick<Database, 'db' | 'prepared'>;
  /** The site's day (tests fix it). */
  today?: () => string;
  /** Keyword searches' shared cache (decision 051); none keeps none. */
  searchCache?: SearchCache | undefined;
}) {
  const repo = createCatalogueRepo(database);
  const lister = createWorksLister(repo, searchCache);
  return {
    async listWorks(query: WorksListQuery) {
      const links = {
        maker: query.makerId,
        label: query.labelId,
        series: query.seriesId,
        director: query.directorId,
        item: query.itemId,
        performer: query.performerId,
      };
      const entities: EntityFilter[] = [
        ...(query.tagsId ?? []).map((id) => ({ kind: 'tag' as const, id })),
        ...Object.entries(links).flatMap(([kind, id]) =>
          id ? [{ kind: kind as EntityFilter['kind'], id }] : [],
        ),
      ];
      const narrowed = Boolean(query.keyword || entities.length);
      // A plain latest list looks 30 days back (docs/product.md §9); a search or a filtered list looks at
      // all time unless a window is asked for.
      const days = query.date ?? (narrowed ? ALL_TIME : LATEST_DEFAULTS.date);
      const filter: WorksFilter = {
        channels: query.modName ? [MOD_ID[query.modName]] : [],
        sinceDate: days === ALL_TIME ? undefined : daysBefore(today(), days),
        onlyWithMagnets: query.isDht ?? false,
        terms: query.keyword ? searchTerms(query.keyword) : [],
        entities,
      };
      const { rows, total } = await lister.listWorks(
        filter,
        query.sort,
        query.pageSize,
        pageOffset(query.pageNum, query.pageSize),
      );
      return { rows: rows.map(toListItem), total };
    },

    async workDetail(id: string): Promise<Omit<WorkDetailResponse, 'code' | 'msg'>> {
      // Not a number: a bad request. A number no work can have (past int64): no such work.
      if (!/^\d+$/.test(id)) throw badRequest(SERVER_MSG.badWorkId);
      if (!isInt64Id(id)) throw notFound(SERVER_MSG.workNotFound);
      const work = await repo.findWorkDetail(id);
      if (!work) throw notFound(SERVER_MSG.workNotFound);
      const lists: Record<string, EntityRef[]> = {
        tag: [],
        maker: [],
        performer: [],
        label: [],
        series: [],
        director: [],
        item: [],
      };
      for (const [kind, id, name, nameCn] of work.entities) lists[kind]?.push({ id, name, nameCn });
      return {
        data: {
          id: work.id,
          number: work.number,
          title: work.title,
          pubTime: work.pub_date,
          duration: work.duration_min,
          mp4: work.mp4,
          picSmall: work.pic_small,
          picBig: work.pic_big,
          imageSmall: work.image_small.join(','),
          imageBig: work.image_big.join(','),
          average: work.average,
          evaluates: work.evaluates,
          modId: work.channel,
          isOnline: work.is_online,
          isDht: work.has_magnet ? 1 : 0,
        },
        // Per-user flags come with accounts; a visitor has neither.
        collect: false,
        like: false,
        tags: lists.tag!,
        maker: lists.maker!,
        performer: lists.performer!,
        label: lists.label!,
        series: lists.series!,
        director: lists.director!,
        item: lists.item!,
      };
    },

    async listMagnets(keyword: string, order: MagnetOrder, pageNum: number, pageSize: number) {
      const key = numberKey(keyword);
      if (!key) return { rows: [], total: 0 };
      const { rows, total } = await repo.listMagnets(key, order, pageSize, pageOffset(pageNum, pageSize));
      return {
        rows: rows.map((m) => ({
          name: m.name,
          infoHash: m.info_hash,
          length: Number(m.length),
          createTime: m.create_time,
          hd: m.hd,
          subtitle: m.subtitle,
        })),
        total,
      };
    },

    async tagGroups(channel: ModId): Promise<TagGroup[]> {
      const groups = new Map<string, TagGroup>();
      for (const row of await repo.tagGroups(channel)) {
        let group = groups.get(row.group_id);
        if (!group) {
          group = { name: row.group_name, items: [] };
          groups.set(row.group_id, group);
        }
        group.items.push({ id: row.id, name: row.name, nameCn: row.name_cn });
      }
      return [...groups.values()];
    },

    async entityCounts(kind: CountedEntityTable, channel: ModId, pageNum: number, pageSize: number) {
      const { rows, total } = await repo.entityCounts(kind, channel, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) })), total };
    },

    /** The performers, makers, labels… whose name holds the keyword: a few of each kind, best first. */
    async searchEntities(query: EntitySearchQuery): Promise<EntityMatch[]> {
      const channel = query.modName ? MOD_ID[query.modName] : undefined;
      const perKind = LIMITS.entityMatchesPerKind;
      const found = await Promise.all(
        spellings(foldText(query.keyword)).map((spelling) => repo.searchEntities(spelling, channel, perKind)),
      );
      return eachSpelling(found, perKind).map(toEntityMatch);
    },

    /**
     * What the search box offers for a keyword being typed (decision 043): works whose number starts
     * with it (when it reads as a number or a number's letters), then works whose title starts
     * with it, up to LIMITS.suggestedWorks in all; and the best few performers, makers and
     * series whose name holds it.
     */
    async suggest(query: SuggestQuery): Promise<Suggestions> {
      const channel = query.modName ? MOD_ID[query.modName] : undefined;
      const keyword = query.keyword.trim();
      const folded = spellings(foldText(keyword));
      const limit = LIMITS.suggestedWorks;
      const perKind = LIMITS.suggestedEntitiesPerKind;
      const numberLike = isNumberLike(keyword) || isNumberPrefix(keyword);
      const { byNumber, byTitle, names } = await repo.suggest({
        compact: numberLike ? compactNumber(keyword) : null,
        spellings: folded,
        channel,
        limit,
        kinds: SUGGESTED_ENTITY_KINDS,
        perKind,
      });
      const works = [...byNumber, ...byTitle.flat()].filter(
        (row, i, all) => all.findIndex((other) => other.id === row.id) === i,
      );
      return {
        works: works.slice(0, limit).map((row) => ({
          id: row.id,
          modName: MOD_NAME[row.channel],
          number: row.number,
          title: row.title,
        })),
        entities: eachSpelling(names, perKind).map(toEntityMatch),
      };
    },

    async performers(
      modName: ModName,
      sort: 'count' | 'uncensoredCount' | undefined,
      pageNum: number,
      pageSize: number,
    ) {
      const channel = MOD_ID[modName];
      const sortChannel: ModId = sort === 'uncensoredCount' ? 2 : channel;
      const { rows, total } = await repo.performers(
        channel,
        sortChannel,
        pageSize,
        pageOffset(pageNum, pageSize),
      );
      return {
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          nameCn: r.name_cn,
          count: Number(r.count),
          uncensoredCount: r.uncensored_count,
        })),
        total,
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
