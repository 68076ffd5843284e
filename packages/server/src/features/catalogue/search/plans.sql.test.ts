import type { RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnlyKysely, sqlText } from '../../../../test/sql-text';
import {
  chooseSearchStrategy,
  type SearchCounters,
  type SearchRequest,
  type SearchStep,
  type SearchStrategyName,
} from './planner';
import { SEARCH_STRATEGIES } from './strategies';
import { searchTerms } from './text';
import { scopeTotalQuery, type WorksFilter } from '../works-list.repo';
import { gatherQuery, gramsCountsQuery, positionQuery, walkQuery } from './works.repo';

/**
 * The SQL each search strategy runs, for one representative request, kept as reviewed files
 * (__snapshots__/<strategy>.sql): a change to a strategy's statements shows in
 * the diff and fails here until the file is updated (`vitest run -u`) and looked at.
 * Compiled by the PostgreSQL dialect's compiler, as the app's Kysely compiles; nothing runs.
 */
const db = compileOnlyKysely();

interface Example {
  request: SearchRequest;
  /** What the counters say (for the strategies sized by them). */
  counters?: SearchCounters;
}

const filterOf = (keyword: string, narrowed: Partial<Omit<WorksFilter, 'terms'>> = {}): WorksFilter => ({
  channels: [],
  onlyWithMagnets: false,
  entities: [],
  ...narrowed,
  terms: searchTerms(keyword),
});
const gram = (gram: string, channel: 1 | 2 | 3, works: number, withMagnet: number) => ({
  gram,
  channel,
  works,
  with_magnet: withMagnet,
});

/** One request per strategy, page 2 of 24, and counters that make it take its longest path. */
const EXAMPLES: Record<SearchStrategyName, Example> = {
  'number-key': { request: { filter: filterOf('SSIS-001'), sort: 'pubTime', limit: 24, offset: 24 } },
  'short-word': {
    request: { filter: filterOf('海', { channels: [1] }), sort: 'pubTime', limit: 24, offset: 24 },
    counters: { scopeSize: 400_000, grams: [gram('海', 1, 6000, 4000), gram('海', 3, 2500, 900)] },
  },
  'long-words': {
    request: { filter: filterOf('咖啡馆', { channels: [3] }), sort: 'collect', limit: 24, offset: 24 },
    counters: { scopeSize: 300_000, grams: [gram('咖啡', 3, 9000, 4000), gram('啡馆', 3, 1600, 700)] },
  },
  'walk-first': {
    request: {
      filter: filterOf('海边 回忆', { sinceDate: '2026-10-21', onlyWithMagnets: true }),
      sort: 'pubTime',
      limit: 24,
      offset: 24,
    },
    counters: { scopeSize: 12_000, grams: [] },
  },
  'capped-gather': {
    request: {
      filter: filterOf('夏日旅行', { channels: [1, 2], entities: [{ kind: 'tag', id: '7251600000000001' }] }),
      sort: 'average',
      limit: 24,
      offset: 24,
    },
    counters: { scopeSize: 700_000, grams: [] },
  },
};

/** A compiled statement, its template's indentation taken off, and its parameters. */
function statement(title: string, query: RawBuilder<unknown>) {
  return sqlText(title, query.compile(db));
}

function stepText(step: SearchStep, index: number) {
  const n = index + 1;
  switch (step.kind) {
    case 'gather':
      return statement(
        `step ${n}: gather${step.read.cap === undefined ? ' (every match)' : ` (cap ${step.read.cap})`}`,
        gatherQuery(step.read),
      );
    case 'walk': {
      const walk = statement(`step ${n}: walk (budget ${step.read.budget})`, walkQuery(step.read));
      if (!step.read.measured) return walk;
      const last = '7251600000000099';
      const position = positionQuery(step.read.filter, step.read.sort, last);
      return `${walk}
${statement(`step ${n}, had the walk met its limit: how far it read (the last match ${last})`, position)}`;
    }
    case 'answer':
      return `-- step ${n}: answer ${JSON.stringify(step.page)} without a read\n`;
    case 'replan':
      return `-- step ${n}: plan again as ${step.strategy} (its own file)\n`;
  }
}

/** Everything the strategy runs for its example, in order: its counters, then its plan's steps. */
function planText(name: SearchStrategyName, { request, counters }: Example) {
  const strategy = SEARCH_STRATEGIES[name];
  const parts = [`-- search strategy: ${name}\n-- request: ${JSON.stringify(request)}\n`];
  let plan;
  if (strategy.sized) {
    if (!counters) throw new Error(`${name} needs counters in its example`);
    parts.push(statement('counters: works in scope', scopeTotalQuery(request.filter)));
    const grams = strategy.gramsToCount(request.filter);
    if (grams.length > 0) parts.push(statement('counters: title grams', gramsCountsQuery(grams)));
    parts.push(`-- counters say: ${JSON.stringify(counters)}\n`);
    plan = strategy.plan(request, counters);
  } else {
    plan = strategy.plan(request);
  }
  parts.push(...plan.steps.map(stepText));
  return parts.join('\n');
}

describe('the SQL of each search strategy', () => {
  it.each(Object.keys(EXAMPLES) as SearchStrategyName[])('%s', async (name) => {
    const example = EXAMPLES[name];
    expect(chooseSearchStrategy(example.request.filter)).toBe(name);
    await expect(planText(name, example)).toMatchFileSnapshot(`./__snapshots__/${name}.sql`);
  });
});
