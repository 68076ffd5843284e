import type { WorkSort } from '@yingku/contract';
import {
  chooseSearchStrategy,
  COUNT_AHEAD,
  inChannels,
  type SearchPlan,
  type SearchRequest,
  type SearchStrategyName,
  sizeOf,
  type WorksPage,
} from './search/planner';
import { type SearchCache, searchCacheKey } from './search/cache';
import { type CounterReads, versionedCounters } from './search/counters';
import { SEARCH_STRATEGIES } from './search/strategies';
import type { WorksFilter, WorksListRepo, WorksScope } from './works-list.repo';
import type { WorksSearchRepo } from './search/works.repo';

/**
 * Chooses, for each works list, the read shape and where its total comes from (decision 016):
 * plain lists and rankings off the works indexes with totals from the day counters; entity
 * lists off the link tables with totals from the entity counters (or their index, within a
 * date window); keyword searches by the named strategy that fits them (search/strategies.ts),
 * from the keyword indexes or along the date order, whichever reads fewer rows, with totals from
 * the gram counters or a count that stops past the page.
 */
export function createWorksLister(repo: WorksListRepo & WorksSearchRepo, cache?: SearchCache) {
  const counters = versionedCounters(repo);

  async function byEntities(filter: WorksFilter, sort: WorkSort, limit: number, offset: number) {
    const unique = [...new Map(filter.entities.map((e) => [`${e.kind}:${e.id}`, e])).values()];
    // One entity on one channel tab, newest first (the common case): one statement.
    if (unique.length === 1 && filter.channels.length === 1 && sort === 'pubTime')
      return repo.pageByLink(unique[0]!, filter, limit, offset);
    const counts = await repo.entityChannelCounts(unique);
    const sized = unique
      .map((entity) => {
        const rows = counts
          .filter((c) => c.kind === entity.kind && c.entity_id === entity.id)
          .filter(inChannels(filter));
        return { entity, rows, size: sizeOf(rows, filter.onlyWithMagnets) };
      })
      .sort((a, b) => a.size - b.size);
    const [driver, ...others] = sized;
    if (!driver || driver.size === 0) return { rows: [], total: 0 };
    // The rarest entity leads; the others are checked per candidate.
    const scope: WorksScope = { ...filter, channels: driver.rows.map((c) => c.channel) };
    const rest = others.map((o) => o.entity);
    const total =
      rest.length > 0
        ? await repo.countLinks(driver.entity, rest, scope, offset + limit + COUNT_AHEAD)
        : scope.sinceDate
          ? await repo.entityTotal(driver.entity, scope)
          : driver.size;
    if (offset >= total) return { rows: [], total };
    const rows =
      sort === 'pubTime'
        ? await repo.listByLink(driver.entity, rest, scope, limit, offset)
        : (
            await repo.searchGathered({
              filter: { ...filter, ...scope, entities: unique },
              sort,
              limit,
              offset,
            })
          ).rows;
    return { rows, total };
  }

  /** Plans a search with the named strategy, reading first the counters it is sized by. */
  async function planSearch(
    request: SearchRequest,
    name: SearchStrategyName,
    counts: CounterReads,
  ): Promise<SearchPlan> {
    const strategy = SEARCH_STRATEGIES[name];
    if (!strategy.sized) return strategy.plan(request);
    const grams = strategy.gramsToCount(request.filter);
    const [scopeSize, gramCounts] = await Promise.all([
      counts.scopeTotal(request.filter),
      grams.length > 0 ? counts.gramsCounts(grams) : [],
    ]);
    return strategy.plan(request, { scopeSize, grams: gramCounts });
  }

  /** Runs a plan's steps in order (the repo runs each read) until one answers the page. */
  async function search(
    request: SearchRequest,
    counts: CounterReads = repo,
    name = chooseSearchStrategy(request.filter),
  ): Promise<WorksPage> {
    const plan = await planSearch(request, name, counts);
    for (const step of plan.steps) {
      if (step.kind === 'answer') return step.page;
      if (step.kind === 'replan') return search(request, counts, step.strategy);
      const page =
        step.kind === 'gather'
          ? step.answer(await repo.searchGathered(step.read))
          : step.answer(await repo.listAlongOrder(step.read));
      if (page) return page;
    }
    throw new Error(`search plan "${plan.strategy}" ended without an answer`);
  }

  /**
   * A keyword search through the shared cache, when there is one, under the catalogue's version;
   * a miss is planned from the counters this process keeps for that version.
   */
  async function searchCached(request: SearchRequest): Promise<WorksPage> {
    if (!cache) return search(request);
    const version = await repo.catalogueVersion();
    const key = searchCacheKey(version, request);
    const hit = await cache.get(key);
    if (hit) return hit;
    const page = await search(request, counters.at(version));
    await cache.set(key, page);
    return page;
  }

  return {
    async listWorks(filter: WorksFilter, sort: WorkSort, limit: number, offset: number): Promise<WorksPage> {
      if (filter.terms.length > 0) return searchCached({ filter, sort, limit, offset });
      if (filter.entities.length > 0) return byEntities(filter, sort, limit, offset);
      return repo.pageByWorks(filter, sort, limit, offset);
    },
  };
}
