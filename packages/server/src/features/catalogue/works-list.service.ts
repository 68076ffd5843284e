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

/** A keyword that is one work number, matched by the number key alone. */
function numberOnly(filter: WorksFilter) {
  const [term] = filter.terms;
  if (filter.terms.length !== 1 || filter.entities.length > 0 || !term?.numberKey) return undefined;
  return { ...term, numberOnly: true };
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
    // A number names its own works: found by the number key alone when it has any, and only
    // otherwise (a partial number, a title holding it) by the title indexes.
    const number = numberOnly(filter);
    if (number) {
      const found = await repo.searchGathered({ ...filter, terms: [number] }, sort, limit, offset);
      if (found.total > 0) return found;
    }
    const scopeSize = await repo.dayTotal(filter);
    const crossover = Math.ceil(Math.sqrt((offset + limit) * scopeSize));
    const gatherAll = async () => (await repo.searchGathered(filter, sort, limit, offset)).rows;
    const gram = gramOnly(filter);
    if (gram && !filter.sinceDate) {
      const counts = await repo.gramsCounts([gram.text]);
      const total = sizeOf(counts.filter(counted(filter)), filter.onlyWithMagnets);
      if (offset >= total) return { rows: [], total };
      // Gathering reads the word's works in the one channel asked for (its own index), or
      // else in every channel.
      const gathered = filter.channels.length === 1 ? counts.filter(counted(filter)) : counts;
      if (((offset + limit) * scopeSize) / total >= sizeOf(gathered, false))
        return { rows: await gatherAll(), total };
      // A few times the rows the walk should need (matches cluster in time), else gather.
      const budget = Math.ceil((4 * (offset + limit) * scopeSize) / total) + 100;
      const found = await repo.listAlongOrder(filter, sort, offset + limit, budget);
      const complete = found.length >= Math.min(offset + limit, total) || budget >= scopeSize;
      return { rows: complete ? found.slice(offset).map((f) => f.row) : await gatherAll(), total };
    }
    const cap = Math.max(crossover, offset + limit + COUNT_AHEAD);
    // A word whose bigrams are rare in titles is rare: gathered straight away, exactly, unless
    // it turns out common after all (numbers, not titles, hold it).
    const bound = await titleBound(filter);
    let capReached = false;
    if (bound !== undefined && bound < crossover) {
      const gathered = await repo.searchGathered(filter, sort, limit, offset, cap);
      if (gathered.total < cap) return gathered;
      capReached = true;
    }
    // Numbers match a work or two: they are gathered straight away. A word that may also be a
    // number's letters (`garden`, `ssis`) walks like any word: the walk reads the number key too.
    if (filter.entities.length === 0 && !filter.terms.some((t) => t.numberKey)) {
      // A common word shows itself in the newest works: then the page comes off the walk and
      // the total is estimated from how densely it matched, never below what was seen.
      const ahead = offset + limit + WALK_AHEAD;
      const budget = 2 * crossover + 100;
      const found = await repo.listAlongOrder(filter, sort, ahead, budget);
      if (found.length >= ahead) {
        const estimate = Math.round((ahead / found.at(-1)!.read) * scopeSize);
        return {
          rows: found.slice(offset, offset + limit).map((f) => f.row),
          total: Math.max(ahead, estimate),
        };
      }
      // The walk filled the page before its budget ran out on a scope it did not finish: the
      // page is right (the walk is in list order), the total estimated from the whole walk.
      if (found.length >= offset + limit && budget < scopeSize) {
        const estimate = Math.round((found.length / budget) * scopeSize);
        return {
          rows: found.slice(offset, offset + limit).map((f) => f.row),
          total: Math.max(offset + limit + 1, estimate),
        };
      }
    }
    if (!capReached) {
      const gathered = await repo.searchGathered(filter, sort, limit, offset, cap);
      if (gathered.total < cap) return gathered;
    }
    return { rows: await gatherAll(), total: cap };
  }

  /**
   * At most how many works of the scope hold every term in their titles, from the bigram
   * counters: a title holding a word holds each of its bigrams. Only for keywords of 3+
   * character terms alone (no work numbers, no entities); undefined otherwise.
   */
  async function titleBound(filter: WorksFilter) {
    const { terms } = filter;
    if (filter.entities.length > 0 || terms.length === 0) return undefined;
    // A word that may be a number's letters can match more numbers than titles: then the
    // gathering stops at its cap and the walk follows, as for any word that was not rare.
    if (terms.some((t) => t.titleMatch !== 'trigram' || t.numberKey)) return undefined;
    const bigrams = terms.map((t) => {
      const chars = [...t.text];
      return chars.slice(1).map((c, i) => chars[i]! + c);
    });
    const counts = await repo.gramsCounts([...new Set(bigrams.flat())]);
    const sizes = new Map<string, number>();
    for (const c of counts.filter(counted(filter))) {
      sizes.set(c.gram, (sizes.get(c.gram) ?? 0) + (filter.onlyWithMagnets ? c.with_magnet : c.works));
    }
    return Math.min(...bigrams.flat().map((gram) => sizes.get(gram) ?? 0));
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
