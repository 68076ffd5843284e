import { importLine } from '@yingku/contract';
import type { Kysely } from 'kysely';
import {
  analyzeCatalogue,
  isCatalogueEmpty,
  upsertWorks,
} from '../../features/catalogue-write/catalogue-write.service';
import { createIdGenerator } from '../../features/catalogue-write/id-generator';
import type { DB } from '../schema';
import { type DemoCatalogueOptions, generateDemoCatalogue } from './demo-generator';
import { inTransaction } from '../executor';

export {
  DEMO_SEED,
  DEMO_WORK_COUNT,
  type DemoCatalogueOptions,
  generateDemoCatalogue,
} from './demo-generator';

/** Demo work ids count from this instant, so a fresh load gives every machine the same ids. */
const DEMO_ID_CLOCK = Date.UTC(2024, 0, 1);
const BATCH = 500;

/**
 * Writes the synthetic demo catalogue through the catalogue writer — the same path as an
 * import — with deterministic ids. Each line is checked against the import schema first, so
 * the demo can never hold what an import would refuse.
 */
export async function loadDemoCatalogue(
  db: Kysely<DB>,
  options: DemoCatalogueOptions = {},
): Promise<{ works: number; ms: number }> {
  const started = Date.now();
  const lines = generateDemoCatalogue(options).map((line) => importLine.parse(line));
  const newId = createIdGenerator({ workerId: 0, now: () => DEMO_ID_CLOCK });
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < lines.length; i += BATCH) {
      await upsertWorks(trx, lines.slice(i, i + BATCH), { trx, newId });
    }
  });
  await analyzeCatalogue(db);
  return { works: lines.length, ms: Date.now() - started };
}

/**
 * Loads the demo catalogue (DEMO_WORK_COUNT works) when the database has no works yet, as
 * `npm start` does on first run. Returns null, writing nothing, when works exist.
 */
export async function loadDemoCatalogueIfEmpty(
  db: Kysely<DB>,
): Promise<{ works: number; ms: number } | null> {
  if (!(await isCatalogueEmpty(db))) return null;
  return loadDemoCatalogue(db);
}
