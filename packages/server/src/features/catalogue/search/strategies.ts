import {
  crossover,
  gatherCap,
  inChannels,
  PROBE_WALK_CROSSOVERS,
  type SearchCounters,
  type SearchPlan,
  type SearchRequest,
  type SearchStep,
  type SearchStrategyName,
  SHORT_WORD_WALK_SLACK,
  sizeOf,
  WALK_AHEAD,
  WALK_EXTRA_ROWS,
} from './planner';
import type { WorksFilter } from '../works-list.repo';

/** A strategy that plans without any counter: its first read costs no more than a count would. */
interface UnsizedStrategy {
  sized: false;
  plan(request: SearchRequest): SearchPlan;
}

/** A strategy whose reads are sized from the scope's size and the counts of some title grams. */
interface SizedStrategy {
  sized: true;
  /** The title grams to count before planning (none: the scope's size alone). */
  gramsToCount(filter: WorksFilter): string[];
  plan(request: SearchRequest, counters: SearchCounters): SearchPlan;
}

export type SearchStrategy = UnsizedStrategy | SizedStrategy;

/** Every match up to the cap, counted; the answer when they stop below it (an exact total). */
function gatherBelowCap({ filter, sort, limit, offset }: SearchRequest, cap: number): SearchStep {
  return {
    kind: 'gather',
    read: { filter, sort, limit, offset, cap },
    answer: (found) => (found.total < cap ? found : undefined),
  };
}

/** Every match, for the page alone: the total is already known (a counter, or a cap reached). */
function gatherPage({ filter, sort, limit, offset }: SearchRequest, total: number): SearchStep {
  return {
    kind: 'gather',
    read: { filter, sort, limit, offset },
    answer: (found) => ({ rows: found.rows, total }),
  };
}

/** How many works a probe walk reads at most. */
function probeBudget(request: SearchRequest, scopeSize: number) {
  return PROBE_WALK_CROSSOVERS * crossover(request, scopeSize) + WALK_EXTRA_ROWS;
}

/**
 * The fewest matches a scope must hold for a probe walk to be expected to fill the page within
 * its budget. A word with fewer is gathered first: its walk would read the whole budget and
 * answer nothing. A word with more is walked first even below the crossover, where gathering
 * reads fewer rows: a walk reads the index alone, in order, several times faster per row than a
 * gathering reads matches scattered over the table (decision 016, at 1M: 0.5–0.8 µs a row against
 * 2–6 µs a match).
 */
function probeWalkFills(request: SearchRequest, scopeSize: number) {
  return ((request.offset + request.limit) * scopeSize) / probeBudget(request, scopeSize);
}

/**
 * A short walk of the newest works for a word nothing counts. A word that fills the page and
 * the look-ahead there is common: the page comes off the walk and the total is estimated from
 * how densely it matched. One that fills only the page, before the budget ran out on a scope the
 * walk did not finish, also answers (the walk is in list order), estimated from the whole walk.
 */
function probeWalk(request: SearchRequest, scopeSize: number): SearchStep {
  const { filter, sort, limit, offset } = request;
  const ahead = offset + limit + WALK_AHEAD;
  const budget = probeBudget(request, scopeSize);
  return {
    kind: 'walk',
    read: { filter, sort, limit: ahead, budget, measured: true },
    answer: ({ rows: found, read }) => {
      const rows = found.slice(offset, offset + limit);
      if (found.length >= ahead && read) {
        const estimate = Math.round((ahead / read) * scopeSize);
        return { rows, total: Math.max(ahead, estimate) };
      }
      if (found.length >= offset + limit && budget < scopeSize) {
        const estimate = Math.round((found.length / budget) * scopeSize);
        return { rows, total: Math.max(offset + limit + 1, estimate) };
      }
      return undefined;
    },
  };
}

/** The bigrams of a word: a title holding the word holds each of them. */
function bigramsOf(text: string) {
  const chars = [...text];
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/** The characters of a word between its first and its last: where its bigrams overlap. */
function innerCharsOf(text: string) {
  return [...text].slice(1, -1);
}

/**
 * A word of Chinese characters or kana, whose characters are each part of a word: the chain of
 * its bigrams says how often it occurs. Latin letters spell too many words for that, and the
 * numbers in `search_text` hold Latin words the title counters never see.
 */
const WRITTEN_IN_CHARACTERS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+$/u;

/** The counters of the scope's channels, summed over them, as one number per gram. */
function scopeCounts(filter: WorksFilter, grams: SearchCounters['grams']) {
  const sizes = new Map<string, number>();
  for (const c of grams.filter(inChannels(filter))) {
    sizes.set(c.gram, (sizes.get(c.gram) ?? 0) + (filter.onlyWithMagnets ? c.with_magnet : c.works));
  }
  return (gram: string) => sizes.get(gram) ?? 0;
}

/**
 * About how many works of the scope hold every term in their titles, from the scope's gram
 * counters: the fewest of the terms'. A term is in no more titles than its rarest bigram; a
 * term of characters `abc` is in about count(ab) × count(bc) / count(b) (each bigram follows the
 * one before as often as their shared character does), which says more when every bigram is
 * common and the word is not. It misjudges the words of a small vocabulary (kana words share
 * their characters), mostly under, at worst to a third (at 1M: 10,744 titles guessed 3,829).
 */
function titleEstimate(filter: WorksFilter, grams: SearchCounters['grams']) {
  const count = scopeCounts(filter, grams);
  const termEstimate = (text: string) => {
    const bigrams = bigramsOf(text);
    const bound = Math.min(...bigrams.map(count));
    const inner = innerCharsOf(text).map(count);
    // A character no title holds leaves its bigrams none either: the bound says so already.
    if (!WRITTEN_IN_CHARACTERS.test(text) || inner.includes(0)) return bound;
    const chained = bigrams
      .slice(1)
      .reduce((n, gram, i) => (n * count(gram)) / inner[i]!, count(bigrams[0]!));
    return Math.min(bound, chained);
  };
  return Math.min(...filter.terms.map((t) => termEstimate(t.text)));
}

/** The strategies by name (decision 016); each plans the reads of one shape of search. */
export const SEARCH_STRATEGIES: Record<SearchStrategyName, SearchStrategy> = {
  /**
   * A number names its own works: they are found by the number key alone when it has any, and
   * only otherwise (a partial number, a title holding it) by the title indexes, capped.
   */
  'number-key': {
    sized: false,
    plan: ({ filter, sort, limit, offset }) => {
      const terms = filter.terms.map((term) => ({ ...term, numberOnly: true }));
      const read = { filter: { ...filter, terms }, sort, limit, offset };
      const steps: SearchStep[] = [
        { kind: 'gather', read, answer: (found) => (found.total > 0 ? found : undefined) },
        { kind: 'replan', strategy: 'capped-gather' },
      ];
      return { strategy: 'number-key', steps };
    },
  },

  /**
   * A 1–2 character word over all time: its exact total comes from the gram counters, and the
   * page from whichever reads fewer rows, a walk of the newest works or gathering every match.
   */
  'short-word': {
    sized: true,
    gramsToCount: (filter) => filter.terms.map((t) => t.text),
    plan: (request, { scopeSize, grams }) => {
      const { filter, sort, limit, offset } = request;
      const inScope = grams.filter(inChannels(filter));
      const total = sizeOf(inScope, filter.onlyWithMagnets);
      if (offset >= total)
        return { strategy: 'short-word', steps: [{ kind: 'answer', page: { rows: [], total } }] };
      // A walk reads about this many rows to fill the page; gathering reads every match in the
      // index it uses (the channel's own for one channel, else every channel's).
      const walkReads = ((offset + limit) * scopeSize) / total;
      const gathers = sizeOf(filter.channels.length === 1 ? inScope : grams, false);
      if (walkReads >= gathers) return { strategy: 'short-word', steps: [gatherPage(request, total)] };
      const budget = Math.ceil(SHORT_WORD_WALK_SLACK * walkReads) + WALK_EXTRA_ROWS;
      const walk: SearchStep = {
        kind: 'walk',
        read: { filter, sort, limit: offset + limit, budget },
        // Complete: the walk saw the page's every match, or read the whole scope.
        answer: ({ rows }) =>
          rows.length >= Math.min(offset + limit, total) || budget >= scopeSize
            ? { rows: rows.slice(offset), total }
            : undefined,
      };
      return { strategy: 'short-word', steps: [walk, gatherPage(request, total)] };
    },
  },

  /**
   * Words of 3+ characters: one too rare for a probe walk to fill the page — by its rarest
   * bigram, or by the chain of its bigrams (a word of characters made of common ones) — is
   * gathered straight away, exactly, unless it turns out common after all (numbers, not titles,
   * hold it); any other is probed by a walk first. Past the cap, the total is the cap.
   */
  'long-words': {
    sized: true,
    gramsToCount: (filter) => [
      ...new Set(filter.terms.flatMap((t) => [...bigramsOf(t.text), ...innerCharsOf(t.text)])),
    ],
    plan: (request, { scopeSize, grams }) => {
      const cap = gatherCap(request, scopeSize);
      const rare = titleEstimate(request.filter, grams) < probeWalkFills(request, scopeSize);
      const steps = rare
        ? [gatherBelowCap(request, cap), probeWalk(request, scopeSize), gatherPage(request, cap)]
        : [probeWalk(request, scopeSize), gatherBelowCap(request, cap), gatherPage(request, cap)];
      return { strategy: 'long-words', steps };
    },
  },

  /**
   * Words no counter bounds (several short ones, a short one in a date window, two letters that
   * may begin numbers): a probe walk, then gathering up to the cap.
   */
  'walk-first': {
    sized: true,
    gramsToCount: () => [],
    plan: (request, { scopeSize }) => {
      const cap = gatherCap(request, scopeSize);
      const steps = [probeWalk(request, scopeSize), gatherBelowCap(request, cap), gatherPage(request, cap)];
      return { strategy: 'walk-first', steps };
    },
  },

  /**
   * Keywords with entities, numbers among other words, or a number that names no work: their
   * matches are few, or only found through the keyword and link indexes; gathered up to the cap.
   */
  'capped-gather': {
    sized: true,
    gramsToCount: () => [],
    plan: (request, { scopeSize }) => {
      const cap = gatherCap(request, scopeSize);
      return { strategy: 'capped-gather', steps: [gatherBelowCap(request, cap), gatherPage(request, cap)] };
    },
  },
};
