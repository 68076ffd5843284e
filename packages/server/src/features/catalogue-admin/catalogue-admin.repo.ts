import { isInt64Id } from '@yingku/contract';
import type { ModId } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import { type DB, ENTITY_KINDS, PERFORMER_COUNT } from '../../db/schema';
import { likePrefix } from '../../db/like';
import { inTransaction } from '../../db/executor';
import { type Executor } from '../../db/executor';

/** A work as the console reads it. */
export interface StaffWorkRecord {
  id: string;
  number: string;
  title: string;
  channel: ModId;
  pub_date: string;
  is_online: number;
  hidden: boolean;
  pic_small: string;
}

/** What a console search matches: a number key, a letter prefix of keys, or a work id. */
export interface StaffWorkMatch {
  numberKey?: string | undefined;
  numberPrefix?: string | undefined;
  workId?: string | undefined;
}

/** The performers' count column of each channel (decision 007). */

/**
 * The console's reads and writes of works, hidden ones included. Write methods take the
 * transaction the service opens; `db` is the default for reads.
 */
export function createCatalogueAdminRepo(db: Kysely<DB>) {
  const select = (executor: Executor) =>
    executor
      .selectFrom('works as w')
      .select([
        'w.id',
        'w.number',
        'w.title',
        'w.channel',
        'w.pub_date',
        'w.is_online',
        'w.hidden',
        'w.pic_small',
      ]);

  return {
    /** Runs `work` in one transaction; a throw rolls every write back. */
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /**
     * Works newest first (ids are time-ordered, so the primary key serves the order), narrowed
     * to a match when one is given; any part of the match may hit.
     */
    async list(match: StaffWorkMatch | undefined, limit: number, offset: number) {
      let where = db.selectFrom('works as w');
      if (match) {
        where = where.where((eb) =>
          eb.or([
            ...(match.numberKey ? [eb('w.number_key', '=', match.numberKey)] : []),
            ...(match.numberPrefix ? [eb('w.number_key', 'like', likePrefix(match.numberPrefix))] : []),
            ...(match.workId && isInt64Id(match.workId) ? [eb('w.id', '=', match.workId)] : []),
            // Nothing to match on (e.g. only punctuation): no work, rather than every work.
            eb.val(false),
          ]),
        );
      }
      const ids = where.select('w.id');
      const [rows, count] = await Promise.all([
        select(db).where('w.id', 'in', ids).orderBy('w.id', 'desc').limit(limit).offset(offset).execute(),
        where.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as StaffWorkRecord[], total: Number(count.n) };
    },

    /** One work, hidden or not; `lock` inside `trx` holds its row until the transaction ends. */
    async find(workId: string, lock = false, trx: Executor = db): Promise<StaffWorkRecord | undefined> {
      const query = select(trx).where('w.id', '=', workId);
      const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
      return row as StaffWorkRecord | undefined;
    },

    /** Whether the work has a made video to play (the one its media_id names, ready). */
    async hasReadyVideo(workId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('works as w')
        .innerJoin('work_media as m', 'm.id', 'w.media_id')
        .select('m.id')
        .where('w.id', '=', workId)
        .where('m.status', '=', 'ready')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setOnline(workId: string, isOnline: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('works')
        .set({ is_online: isOnline, updated_at: sql<Date>`now()` })
        .where('id', '=', workId)
        .where('is_online', '<>', isOnline)
        .execute();
    },

    /**
     * Hides or shows a work and moves the work counts of every entity it links to by one, so
     * sidebars count only works a visitor can see. Nothing moves when the work is already so.
     * Take the visibility lock first (see db/visibility-lock.ts).
     */
    async setHidden(workId: string, hidden: boolean, trx: Executor): Promise<void> {
      const changed = await trx
        .updateTable('works')
        .set({ hidden, updated_at: sql<Date>`now()` })
        .where('id', '=', workId)
        .where('hidden', '=', !hidden)
        .returning('channel')
        .executeTakeFirst();
      if (!changed) return;
      const delta = hidden ? -1 : 1;
      for (const { table, link } of Object.values(ENTITY_KINDS)) {
        const column = table === 'performers' ? PERFORMER_COUNT[changed.channel as ModId] : 'work_count';
        await sql`
          UPDATE ${sql.table(table)} e SET ${sql.raw(column)} = e.${sql.raw(column)} + ${delta}
          FROM ${sql.table(link)} l
          WHERE l.work_id = ${workId} AND e.id = l.entity_id`.execute(trx);
      }
    },
  };
}

export type CatalogueAdminRepo = ReturnType<typeof createCatalogueAdminRepo>;
