import { hashPassword } from '../../src/features/accounts/passwords';
import { todayInShanghai } from '../../src/lib/site-time';
import type { BulkSink } from './bulk-sink';
import { planCatalogue } from './catalogue-plan';
import { emptyCounts, entityLoads, linkLoads, magnetsLoad, worksLoad } from './catalogue-rows';
import { planLibrary } from './library-plan';
import {
  BENCH_PASSWORD,
  collectEntriesLoad,
  followsLoads,
  foldersLoad,
  likesLoad,
  ratingsLoad,
  usersLoad,
} from './library-rows';
import { createProgress, type Progress } from './progress';
import { scaleFor } from './scale';
import {
  dropForLoad,
  existingRows,
  recountCounters,
  recountRatings,
  restoreAfterLoad,
  setCounterTriggers,
  syncIdentities,
  truncateLoaded,
  vacuumAnalyze,
} from './schema-ops';
import type { TableLoad } from './table-load';

export interface BenchDataOptions {
  works: number;
  /** Same seed, size and day: the same catalogue. */
  seed?: number;
  /** The day publish dates count back from, `YYYY-MM-DD`; today in Asia/Shanghai by default. */
  today?: string;
  /** Empty the catalogue and user tables first; without it a database with works or users is refused. */
  reset?: boolean;
  /** Keep keys and indexes during the load (foreign keys still go): to measure the difference. */
  keepIndexes?: boolean;
  progress?: Progress;
}

export interface BenchDataSummary {
  rows: Record<string, number>;
  /** Milliseconds per phase: plan, copy, counters, indexes, vacuum. */
  phases: Record<string, number>;
  totalMs: number;
  bytes: number;
}

/** Thrown, before anything is written, for a database that already holds works or users. */
export class NotEmptyError extends Error {}

export const DEFAULT_SEED = 20_260_101;

/**
 * Fills the database behind `sink` with a synthetic catalogue of `works` works, its people and
 * groupings, magnets, users, likes and collections, in the real schema (migrated first). The
 * rows go in by COPY inside one transaction, with constraints and indexes rebuilt at the end;
 * then VACUUM ANALYZE.
 */
export async function loadBenchData(sink: BulkSink, options: BenchDataOptions): Promise<BenchDataSummary> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  const seed = options.seed ?? DEFAULT_SEED;
  await sink.migrate();
  const existing = await existingRows(sink);
  if ((existing.works || existing.users) && !options.reset) {
    throw new NotEmptyError(
      `the database already has ${existing.works ? 'works' : 'users'}: refusing to write (--reset empties the catalogue and user tables first)`,
    );
  }

  let phase = Date.now();
  const plan = planCatalogue(scaleFor(options.works), seed, options.today ?? todayInShanghai());
  const library = planLibrary(plan);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const counts = emptyCounts(plan);
  // Entities after the links: their counts are gathered while the links are written.
  const loads: TableLoad[] = [
    worksLoad(plan),
    ...linkLoads(plan, counts),
    magnetsLoad(plan),
    ...entityLoads(plan, counts),
    usersLoad(plan, library, passwordHash),
    foldersLoad(plan, library),
    likesLoad(plan, library),
    collectEntriesLoad(plan, library),
    ratingsLoad(plan, library),
    ...followsLoads(plan, library),
  ];
  const progress =
    options.progress ?? createProgress(loads.reduce((n, l) => n + l.expectedRows * (l.rowCost ?? 1), 0));
  phases.plan = Date.now() - phase;
  progress.note(`planned ${options.works.toLocaleString('en-US')} works in ${(phases.plan / 1000).toFixed(1)}s`);

  const rows: Record<string, number> = {};
  await sink.exec('BEGIN');
  try {
    await truncateLoaded(sink);
    const dropped = await dropForLoad(sink, options.keepIndexes ?? false);
    await setCounterTriggers(sink, false);
    phase = Date.now();
    for (const load of loads) {
      progress.startTable(load.table, load.expectedRows, load.rowCost);
      let n = 0;
      await sink.copy(load.table, load.columns, load.chunks(), (k) => {
        n += k;
        progress.rows(k);
      });
      rows[load.table] = n;
      progress.endTable();
    }
    phases.copy = Date.now() - phase;
    phase = Date.now();
    await recountCounters(sink);
    await recountRatings(sink);
    await setCounterTriggers(sink, true);
    phases.counters = Date.now() - phase;
    progress.note(`counters in ${(phases.counters / 1000).toFixed(1)}s`);
    phase = Date.now();
    await restoreAfterLoad(sink, dropped, (what, ms) => {
      if (ms >= 500) progress.note(`  ${what}: ${(ms / 1000).toFixed(1)}s`);
    });
    await syncIdentities(sink);
    phases.indexes = Date.now() - phase;
    progress.note(`keys, indexes and foreign keys in ${(phases.indexes / 1000).toFixed(1)}s`);
    await sink.exec('COMMIT');
  } catch (error) {
    await sink.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }

  phase = Date.now();
  await vacuumAnalyze(sink);
  phases.vacuum = Date.now() - phase;
  progress.note(`VACUUM ANALYZE in ${(phases.vacuum / 1000).toFixed(1)}s`);
  return { rows, phases, totalMs: Date.now() - started, bytes: await sink.size() };
}
