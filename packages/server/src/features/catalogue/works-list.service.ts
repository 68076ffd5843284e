import type { WorkSort } from '@yingku/contract';
import type { ChannelCount, ListRow, WorksFilter, WorksListRepo, WorksScope } from './works-list.repo';

/**
 * Where no counter answers a total and counting every match would be too slow (several
 * entities at once, keywords of 3+ characters, keywords within a date window), matches are
 * counted only this far past the requested page. Such a `total` is a lower bound that always
 * lies beyond the page while more matches exist, so a client paging until `total` keeps going
 * (decision 016).
 */
export const COUNT_AHEAD = 1000;

/**
 * A keyword whose matches fill the page and this many more among the newest works is common:
 * its total is estimated from their density (decision 016), never below what was seen.
 */
export const WALK_AHEAD = 100;

export interface WorksPage {
  rows: ListRow[];
  total: number;
}

const counted = (scope: WorksScope) => (c: ChannelCount) =>
  scope.channels.length === 0 || scope.channels.includes(c.channel);
const sizeOf = (rows: ChannelCount[], magnets: boolean) =>
  rows.reduce((n, c) => n + (magnets ? c.with_magnet : c.works), 0);

/** A single keyword term that only the title grams can match: its totals are kept per gram. */
function gramOnly(filter: WorksFilter) {
  const [term] = filter.terms;
  if (filter.terms.length !== 1 || filter.entities.length > 0 || !term) return undefined;
  return term.titleMatch === 'grams' && !term.numberKey && !term.numberPrefix ? term : undefined;
}

/**
 * Chooses, for each works list, the read shape and where its total comes from (decision 016):
 * plain lists and rankings off the works indexes with totals from the day counters; entity
 * lists off the link tables with totals from the entity counters (or their index, within a
 * date window); keyword searches from the keyword indexes or along the date order, whichever
 * reads fewer rows, with totals from the gram counters or a count that stops past the page.
 */
export function createWorksLister(repo: WorksListRepo) {
  async function byEntities(filter: WorksFilter, sort: WorkSort, limit: number, offset: number) {
    const unique = [...new Map(filter.entities.map((e) => [`${e.kind}:${e.id}`, e])).values()];
    const counts = await repo.entityChannelCounts(unique);
    const sized = unique
      .map((entity) => {
        const rows = counts
          .filter((c) => c.kind === entity.kind && c.entity_id === entity.id)
          .filter(counted(filter));
        return { entity, rows, size: sizeOf(rows, filter.onlyWithMagnets) };
      })
      .sort((a, b) => a.size - b.size);
    const [driver, ...others] = sized;
    if (!driver || driver.size === 0) return { rows: [], total: 0 };
    // The rarest entity leads; the others are checked per candidate.
    const scope: WorksScope = { ...filter, channels: driver.rows.map((c) => c.channel) };
    const rest = others.map((o) => o.entity);
    const total =
      rest.length === 0 && !scope.sinceDate
        ? driver.size
        : await repo.countLinks(
            driver.entity,
            rest,
            scope,
            rest.length ? offset + limit + COUNT_AHEAD : undefined,
          );
    if (offset >= total) return { rows: [], total };
    const rows =
      sort === 'pubTime'
        ? await repo.listByLink(driver.entity, rest, scope, limit, offset)
        : (await repo.searchGathered({ ...filter, ...scope, entities: unique }, sort, limit, offset)).rows;
    return { rows, total };
  }

  /**
   * Reading along the list's order checks about (offset + limit) × scope / matches rows;
   * gathering the matches reads each of them: the two cost the same at `crossover` matches.
   */
  async function search(filter: WorksFilter, sort: WorkSort, limit: number, offset: number) {
    const scopeSize = await repo.dayTotal(filter);
    const crossover = Math.ceil(Math.sqrt((offset + limit) * scopeSize));
    const gatherAll = async () => (await repo.searchGathered(filter, sort, limit, offset)).rows;
    const gram = gramOnly(filter);
    if (gram && !filter.sinceDate) {
      const counts = await repo.gramCounts(gram.text);
      const total = sizeOf(counts.filter(counted(filter)), filter.onlyWithMagnets);
      if (offset >= total) return { rows: [], total };
      // The gram index knows no channel: gathering reads the word's works in every channel.
      if (((offset + limit) * scopeSize) / total >= sizeOf(counts, false))
        return { rows: await gatherAll(), total };
      // A few times the rows the walk should need (matches cluster in time), else gather.
      const budget = Math.ceil((4 * (offset + limit) * scopeSize) / total) + 100;
      const found = await repo.listAlongOrder(filter, sort, offset + limit, budget);
      const complete = found.length >= Math.min(offset + limit, total) || budget >= scopeSize;
      return { rows: complete ? found.slice(offset).map((f) => f.row) : await gatherAll(), total };
    }
    // Numbers match a work or two: they are gathered straight away.
    if (filter.entities.length === 0 && !filter.terms.some((t) => t.numberKey || t.numberPrefix)) {
      // A common word shows itself in the newest works: then the page comes off the walk and
      // the total is estimated from how densely it matched, never below what was seen.
      const ahead = offset + limit + WALK_AHEAD;
      const found = await repo.listAlongOrder(filter, sort, ahead, 2 * crossover + 100);
      if (found.length >= ahead) {
        const estimate = Math.round((ahead / found.at(-1)!.read) * scopeSize);
        return {
          rows: found.slice(offset, offset + limit).map((f) => f.row),
          total: Math.max(ahead, estimate),
        };
      }
    }
    const cap = Math.max(crossover, offset + limit + COUNT_AHEAD);
    const gathered = await repo.searchGathered(filter, sort, limit, offset, cap);
    if (gathered.total < cap) return gathered;
    return { rows: await gatherAll(), total: cap };
  }

  return {
    async listWorks(filter: WorksFilter, sort: WorkSort, limit: number, offset: number): Promise<WorksPage> {
      if (filter.terms.length > 0) return search(filter, sort, limit, offset);
      if (filter.entities.length > 0) return byEntities(filter, sort, limit, offset);
      const total = await repo.dayTotal(filter);
      if (offset >= total) return { rows: [], total };
      return { rows: await repo.listByWorks(filter, sort, limit, offset), total };
    },
  };
}
