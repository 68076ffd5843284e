import type { WorkSort } from '@yingku/contract';
import type { ChannelCount, WorksFilter, WorksScope } from '../works-list.repo';
import type { ListRow } from '../../../db/work-list-row';
import type { Gathered, GatherRead, Walked, WalkRead } from './works.repo';

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

/**
 * A walk sized from a short word's exact count reads this many times the rows it should need:
 * matches cluster in time, so the newest works may hold fewer of them than the average says.
 */
export const SHORT_WORD_WALK_SLACK = 4;

/**
 * A probe walk (a word without a count of its own) reads this many times the walk/gather
 * crossover: a common word fills the page and the look-ahead well within it.
 */
export const PROBE_WALK_CROSSOVERS = 2;

/**
 * Rows every walk reads beyond what its estimate asks for, so a walk sized from a tiny estimate
 * (a small scope, a first page) still reads a stretch in which the matches can show.
 */
export const WALK_EXTRA_ROWS = 100;

export interface WorksPage {
  rows: ListRow[];
  total: number;
}

/** The named ways a keyword search is answered; `chooseSearchStrategy` picks one per request. */
export type SearchStrategyName = 'number-key' | 'short-word' | 'long-words' | 'walk-first' | 'capped-gather';

/** One search request: what to match and which page of it. */
export interface SearchRequest {
  filter: WorksFilter;
  sort: WorkSort;
  limit: number;
  offset: number;
}

/** A title gram's count in one channel (title_gram_counts). */
export type GramCount = ChannelCount & { gram: string };

/** What the counters say before any match is read: a plan's reads are sized from them. */
export interface SearchCounters {
  /** Visible works in the search's scope (channel, window, magnets), from the day counters. */
  scopeSize: number;
  /** Per-channel counts of the title grams the strategy asked for. */
  grams: GramCount[];
}

/**
 * One step of a plan. A read's `answer` rule turns what it found into the page, or into
 * nothing, and the next step runs; `answer` is a page known without reading; `replan` hands
 * the request to another strategy.
 */
export type SearchStep =
  | { kind: 'gather'; read: GatherRead; answer: (found: Gathered) => WorksPage | undefined }
  | { kind: 'walk'; read: WalkRead; answer: (found: Walked) => WorksPage | undefined }
  | { kind: 'answer'; page: WorksPage }
  | { kind: 'replan'; strategy: SearchStrategyName };

/** What a strategy decided to run for one request, in order, until a step answers. */
export interface SearchPlan {
  strategy: SearchStrategyName;
  steps: SearchStep[];
}

/** One keyword that is a work number: its own works are found by the number key alone. */
function isOneNumber({ terms, entities }: WorksFilter) {
  return terms.length === 1 && entities.length === 0 && Boolean(terms[0]?.numberKey);
}

/**
 * One 1–2 character word that only titles can hold (not a number, nor a number's letters), over
 * all time: the gram counters know its total exactly (they count all time, per channel).
 */
function isCountedShortWord({ terms, entities, sinceDate }: WorksFilter) {
  const [term] = terms;
  if (terms.length !== 1 || entities.length > 0 || !term || sinceDate) return false;
  return term.titleMatch === 'grams' && !term.numberKey && !term.numberPrefix;
}

/** Words of 3+ characters, none a number: the bigram counters bound how many titles hold them. */
function isLongWords({ terms, entities }: WorksFilter) {
  return entities.length === 0 && terms.every((t) => t.titleMatch === 'trigram' && !t.numberKey);
}

/**
 * Words alone, none a number (which matches a work or two): a common word shows itself among
 * the newest works. A word that may be a number's letters (`garden`, `ssis`) walks too: the
 * walk reads the number key.
 */
function isWalkable({ terms, entities }: WorksFilter) {
  return entities.length === 0 && !terms.some((t) => t.numberKey);
}

/** The rules in the order they are tried; the last, gathering up to a cap, serves anything. */
const RULES: ReadonlyArray<readonly [SearchStrategyName, (filter: WorksFilter) => boolean]> = [
  ['number-key', isOneNumber],
  ['short-word', isCountedShortWord],
  ['long-words', isLongWords],
  ['walk-first', isWalkable],
  ['capped-gather', () => true],
];

/** The strategy of a keyword search (at least one term), from the shape of its filter alone. */
export function chooseSearchStrategy(filter: WorksFilter): SearchStrategyName {
  return RULES.find(([, applies]) => applies(filter))![0];
}

/** Whether a counter row lies in the scope's channels. */
export const inChannels = (scope: WorksScope) => (c: ChannelCount) =>
  scope.channels.length === 0 || scope.channels.includes(c.channel);

/** The works (or those with magnets) that counter rows add up to. */
export const sizeOf = (rows: ChannelCount[], magnets: boolean) =>
  rows.reduce((n, c) => n + (magnets ? c.with_magnet : c.works), 0);

/**
 * Reading along the list's order checks about (offset + limit) × scope / matches rows;
 * gathering the matches reads each of them: the two cost the same at this many matches.
 */
export function crossover({ limit, offset }: SearchRequest, scopeSize: number) {
  return Math.ceil(Math.sqrt((offset + limit) * scopeSize));
}

/** How many matches a gathering counts before it stops: past the page, and at least the crossover. */
export function gatherCap(request: SearchRequest, scopeSize: number) {
  return Math.max(crossover(request, scopeSize), request.offset + request.limit + COUNT_AHEAD);
}
