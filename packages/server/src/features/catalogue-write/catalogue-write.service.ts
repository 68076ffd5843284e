import type { ImportLine } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB, LinkTableName, PlainEntityTableName } from '../../db/schema';
import {
  type CatalogueWriteRepo,
  createCatalogueWriteRepo,
  type NamedRow,
  type NamedTable,
  namedKey,
} from './catalogue-write.repo';
import { createIdGenerator } from './id-generator';
import { visibilityLock } from '../../db/visibility-lock';
import {
  duplicateFreeRuns,
  magnetKey,
  magnetRows,
  PLAIN_KINDS,
  uniqueNamedRows,
  workKey,
  workRow,
} from './write-rows';
import type { Executor } from '../../db/executor';

export interface UpsertWorksOptions {
  /** Write inside this transaction; by default the call opens its own. */
  trx?: Executor;
  /** Makes the id of each new work; the demo seed passes a deterministic one. */
  newId?: () => string;
}

export interface UpsertWorksResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The work id of every line, in line order. */
  ids: string[];
}

type LineStatus = 'inserted' | 'updated' | 'unchanged';
type CountTarget = PlainEntityTableName | 'tags' | 'performers';

/** One link table to rewrite: the entity ids each line links to, and where counts live. */
interface LinkPlan {
  link: LinkTableName;
  counts: CountTarget;
  perLine: string[][];
}

/** Statements stay a manageable size; an import sends ~500 lines a call anyway. */
const MAX_RUN = 1000;

const defaultNewId = createIdGenerator();

/**
 * Writes catalogue lines: works upserted by (channel, number), entities created on first
 * sight, link tables set to exactly each line's entities, magnets added, counts adjusted.
 * A line is `unchanged` when nothing it describes differs from the database — then nothing is
 * written for it, so importing the same file twice changes no row.
 */
export async function upsertWorks(
  db: Kysely<DB>,
  lines: readonly ImportLine[],
  options: UpsertWorksOptions = {},
): Promise<UpsertWorksResult> {
  const newId = options.newId ?? defaultNewId;
  const write = async (trx: Executor) => {
    await visibilityLock.shared(trx);
    const repo = createCatalogueWriteRepo(trx);
    const result: UpsertWorksResult = { inserted: 0, updated: 0, unchanged: 0, ids: [] };
    for (const run of duplicateFreeRuns(lines, MAX_RUN)) {
      const { statuses, ids } = await writeRun(repo, run, newId);
      for (const status of statuses) result[status] += 1;
      result.ids.push(...ids);
    }
    return result;
  };
  if (lines.length === 0) return { inserted: 0, updated: 0, unchanged: 0, ids: [] };
  return options.trx ? write(options.trx) : createCatalogueWriteRepo(db).inTransaction(write);
}

/** Refreshes planner statistics after a bulk write (an import or the demo catalogue). */
export async function analyzeCatalogue(db: Kysely<DB>): Promise<void> {
  await createCatalogueWriteRepo(db).analyze();
}

/** Whether the catalogue has no works yet (the demo catalogue loads only then). */
export async function isCatalogueEmpty(db: Kysely<DB>): Promise<boolean> {
  return !(await createCatalogueWriteRepo(db).hasWorks());
}

/** Writes lines in which no work repeats; a couple dozen statements whatever their number. */
async function writeRun(repo: CatalogueWriteRepo, lines: ImportLine[], newId: () => string) {
  // Lines with changes beyond the works row itself: links, magnets, renamed entities.
  const touched = new Set<number>();
  const plans = await resolveEntities(repo, lines, touched);

  const stored = await repo.findWorks(lines.map((l) => ({ channel: l.channel, number: l.number })));
  const existing = new Map(stored.map((w) => [workKey(w.channel, w.number), w]));
  // A hidden work stays hidden when imported again, and its links stay out of the counts.
  const hidden = new Set(stored.filter((w) => w.hidden).map((w) => w.id));
  const counted = (l: { work_id: string }) => !hidden.has(l.work_id);
  const before = lines.map((l) => existing.get(workKey(l.channel, l.number)));
  const ids = before.map((w) => w?.id ?? newId());
  const written = await repo.upsertWorks(lines.map((l, i) => workRow(l, ids[i]!)));

  const lineOfWork = new Map(ids.map((id, i) => [id, i]));
  const touch = (workId: string) => touched.add(lineOfWork.get(workId)!);
  const moved = lines.flatMap((l, i) =>
    before[i] && before[i].pub_date !== l.pubDate
      ? [{ work_id: ids[i]!, channel: l.channel, pub_date: l.pubDate }]
      : [],
  );
  for (const plan of plans) {
    const rows = lines.flatMap((l, i) =>
      plan.perLine[i]!.map((entityId) => ({
        work_id: ids[i]!,
        entity_id: entityId,
        channel: l.channel,
        pub_date: l.pubDate,
      })),
    );
    const { added, removed, movedWorks } = await repo.replaceLinks(plan.link, ids, rows, moved);
    [...added, ...removed].forEach((r) => touch(r.work_id));
    movedWorks.forEach(touch);
    await applyCounts(repo, plan.counts, added.filter(counted), removed.filter(counted));
  }

  const magnets = magnetRows(lines);
  const writtenMagnets = await repo.upsertMagnets(magnets.rows);
  for (const m of writtenMagnets) {
    magnets.linesByKey.get(magnetKey(m.number_key, m.info_hash))?.forEach((i) => touched.add(i));
  }
  // The batch's own works are flagged by the upsert; works elsewhere sharing a key are not.
  await repo.markHasMagnet([...new Set(writtenMagnets.map((m) => m.number_key))]);

  const statuses = lines.map((_, i): LineStatus => {
    if (!before[i]) return 'inserted';
    return written.has(ids[i]!) || touched.has(i) ? 'updated' : 'unchanged';
  });
  return { statuses, ids };
}

/** Creates missing entities of every kind and says which ones each line links to. */
async function resolveEntities(repo: CatalogueWriteRepo, lines: ImportLine[], touched: Set<number>) {
  const plans: LinkPlan[] = [];
  const ensure = async (table: NamedTable, perLineRows: NamedRow[][]) => {
    const { ids, renamed } = await repo.ensureNamed(table, uniqueNamedRows(table, perLineRows.flat()));
    const renamedIds = new Set(renamed);
    const perLine = perLineRows.map((rows, i) => {
      const lineIds = [...new Set(rows.map((row) => lookup(ids, namedKey(table, row), table)))];
      if (lineIds.some((id) => renamedIds.has(id))) touched.add(i);
      return lineIds;
    });
    return { ids, perLine };
  };

  for (const kind of PLAIN_KINDS) {
    const perLineRows = lines.map((l) =>
      l[kind.field].map((ref) => ({ channel: l.channel, name: ref.name, name_cn: ref.nameCn })),
    );
    const { perLine } = await ensure(kind.table, perLineRows);
    plans.push({ link: kind.link, counts: kind.table, perLine });
  }

  const performers = await ensure(
    'performers',
    lines.map((l) => l.performers.map((ref) => ({ name: ref.name, name_cn: ref.nameCn }))),
  );
  plans.push({ link: 'work_performers', counts: 'performers', perLine: performers.perLine });

  const groups = await ensure(
    'tag_groups',
    lines.map((l) => l.tags.map((t) => ({ channel: l.channel, name: t.group }))),
  );
  const tags = await ensure(
    'tags',
    lines.map((l) =>
      l.tags.map((t) => ({
        group_id: lookup(groups.ids, namedKey('tag_groups', { channel: l.channel, name: t.group }), 'tag'),
        name: t.name,
        channel: l.channel,
        name_cn: t.nameCn,
      })),
    ),
  );
  plans.push({ link: 'work_tags', counts: 'tags', perLine: tags.perLine });
  return plans;
}

function lookup(ids: Map<string, string>, key: string, what: string): string {
  const id = ids.get(key);
  // ensureNamed inserts before it looks up, so a miss means the database lost a row mid-write.
  if (id === undefined) throw new Error(`${what} not found after insert: ${key}`);
  return id;
}

/**
 * Counts move by what this write added and removed, not by recounting: a recount of a tag with
 * half a million works on every batch would dominate a large import, and increments stay right
 * when two imports run at once (each adds only the links it inserted or deleted).
 */
async function applyCounts(
  repo: CatalogueWriteRepo,
  target: CountTarget,
  added: Array<{ entity_id: string; channel: number }>,
  removed: Array<{ entity_id: string; channel: number }>,
) {
  const deltas = new Map<string, [number, number, number]>();
  const add = (entityId: string, channel: number, n: number) => {
    const d = deltas.get(entityId) ?? [0, 0, 0];
    d[channel - 1]! += n;
    deltas.set(entityId, d);
  };
  added.forEach((l) => add(l.entity_id, l.channel, 1));
  removed.forEach((l) => add(l.entity_id, l.channel, -1));
  const changed = [...deltas].filter(([, d]) => d.some((n) => n !== 0));
  if (target === 'performers') {
    await repo.addPerformerCounts(changed.map(([id, [c1, c2, c3]]) => ({ id, c1, c2, c3 })));
  } else {
    await repo.addWorkCounts(
      target,
      changed.map(([id, d]) => ({ id, n: d[0] + d[1] + d[2] })),
    );
  }
}
