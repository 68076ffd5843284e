import type { ModId } from '@yingku/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { PlainEntityKind } from '../../db/schema';
import { ENTITY_KINDS, PERFORMER_COUNT } from '../../db/schema';
import { createWorksListRepo } from './works-list.repo';
import { createWorksSearchRepo } from './works-search.repo';
import { createEntitySearchRepo } from './entity-search.repo';
import { createSuggestRepo } from './suggest.repo';
import { shanghaiTime } from '../../db/site-time';

export type MagnetOrder = 'dht' | 'time' | 'size';
export type CountedEntityTable = PlainEntityKind | 'performer';

/**
 * Catalogue reads. Only this file, works-list.repo.ts, works-search.repo.ts and
 * entity-search.repo.ts (the works lists, their keyword searches and the names a keyword
 * matches, spread in here) and the writers' repos touch the catalogue tables.
 */
export function createCatalogueRepo({ db, prepared }: Pick<Database, 'db' | 'prepared'>) {
  return {
    ...createWorksListRepo(db),
    ...createWorksSearchRepo(db),
    // The search box's reads, one statement a keystroke: planned once per connection.
    ...createEntitySearchRepo(prepared),
    ...createSuggestRepo(prepared),

    /** A work to show; a hidden one is not found, like an unknown id. */
    async findWork(id: string) {
      return db
        .selectFrom('works')
        .select([
          'id',
          'number',
          'title',
          'pub_date',
          'duration_min',
          'mp4',
          'pic_small',
          'pic_big',
          'image_small',
          'image_big',
          'average',
          'evaluates',
          'channel',
          'is_online',
          'has_magnet',
        ])
        .where('id', '=', id)
        .where('hidden', '=', false)
        .executeTakeFirst();
    },

    /** Every entity linked to a work, in one round trip. */
    async workEntities(workId: string) {
      const parts = (Object.keys(ENTITY_KINDS) as Array<keyof typeof ENTITY_KINDS>).map(
        (kind) => sql`
          SELECT ${kind}::text AS kind, e.id, e.name, e.name_cn
          FROM ${sql.table(ENTITY_KINDS[kind].link)} l
          JOIN ${sql.table(ENTITY_KINDS[kind].table)} e ON e.id = l.entity_id
          WHERE l.work_id = ${workId}`,
      );
      const result = await sql<{
        kind: keyof typeof ENTITY_KINDS;
        id: string;
        name: string;
        name_cn: string | null;
      }>`
        ${sql.join(parts, sql` UNION ALL `)} ORDER BY 1, 2`.execute(db);
      return result.rows;
    },

    async listMagnets(numberKey: string, order: MagnetOrder, limit: number, offset: number) {
      let query = db
        .selectFrom('magnets')
        .select([
          'name',
          'info_hash',
          'length',
          shanghaiTime('create_time').as('create_time'),
          'hd',
          'subtitle',
        ])
        .where('number_key', '=', numberKey);
      if (order === 'dht') query = query.orderBy('hd', 'desc').orderBy('subtitle', 'desc');
      if (order === 'size') query = query.orderBy('length', 'desc');
      query = query.orderBy('magnets.create_time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      const [rows, count] = await Promise.all([
        query.execute(),
        db
          .selectFrom('magnets')
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .where('number_key', '=', numberKey)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Tag groups of a channel with their tags, in display order. */
    async tagGroups(channel: ModId) {
      return db
        .selectFrom('tag_groups as g')
        .innerJoin('tags as t', 't.group_id', 'g.id')
        .select(['g.id as group_id', 'g.name as group_name', 't.id', 't.name', 't.name_cn'])
        .where('g.channel', '=', channel)
        .orderBy('g.sort_order')
        .orderBy('g.id')
        .orderBy('t.id')
        .execute();
    },

    /** Entities of a kind in a channel that have works, most works first. */
    async entityCounts(kind: CountedEntityTable, channel: ModId, limit: number, offset: number) {
      if (kind === 'performer') {
        const column = PERFORMER_COUNT[channel];
        const base = db.selectFrom('performers').where(column, '>', 0);
        const [rows, count] = await Promise.all([
          base
            .select(['id', 'name', `${column} as count`])
            .orderBy(column, 'desc')
            .orderBy('id')
            .limit(limit)
            .offset(offset)
            .execute(),
          base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
        ]);
        return { rows, total: Number(count.total) };
      }
      const table = ENTITY_KINDS[kind].table as 'makers';
      const base = db.selectFrom(table).where('channel', '=', channel).where('work_count', '>', 0);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'name', 'work_count as count'])
          .orderBy('work_count', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Performers with works in a channel, sorted by a channel's count. */
    async performers(channel: ModId, sortChannel: ModId, limit: number, offset: number) {
      const column = PERFORMER_COUNT[channel];
      const sortColumn = PERFORMER_COUNT[sortChannel];
      const base = db.selectFrom('performers').where(column, '>', 0);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'name', 'name_cn', `${column} as count`, 'uncensored_count'])
          .orderBy(sortColumn, 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
