import type { ModId } from '@yingku/contract';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { PlainEntityKind, WorksTable } from '../../db/schema';
import { ENTITY_KINDS, PERFORMER_COUNT } from '../../db/schema';
import { createWorksListRepo } from './works-list.repo';
import { createWorksSearchRepo } from './search/works.repo';
import { createEntitySearchRepo } from './search/entities.repo';
import { createSuggestRepo } from './search/suggest.repo';
import { shanghaiTime } from '../../db/site-time-sql';

export type MagnetOrder = 'dht' | 'time' | 'size';

/** An entity linked to a work: kind, id, name, Chinese name. */
export type LinkedEntity = [kind: keyof typeof ENTITY_KINDS, id: string, name: string, nameCn: string | null];

/** A work as its detail page shows it, with its entities. */
export type WorkDetailRow = Pick<
  Selectable<WorksTable>,
  | 'id'
  | 'number'
  | 'title'
  | 'pub_date'
  | 'duration_min'
  | 'mp4'
  | 'pic_small'
  | 'pic_big'
  | 'image_small'
  | 'image_big'
  | 'average'
  | 'evaluates'
  | 'channel'
  | 'is_online'
  | 'has_magnet'
> & { entities: LinkedEntity[] };

/** Every entity linked to the work `w`, of every kind: kind, id, name, name_cn. */
const LINKED_ENTITIES = sql.join(
  (Object.keys(ENTITY_KINDS) as Array<keyof typeof ENTITY_KINDS>).map(
    (kind) => sql`
      SELECT ${sql.lit(kind)}::text AS kind, e.id, e.name, e.name_cn
      FROM ${sql.table(ENTITY_KINDS[kind].link)} l
      JOIN ${sql.table(ENTITY_KINDS[kind].table)} e ON e.id = l.entity_id
      WHERE l.work_id = w.id`,
  ),
  sql` UNION ALL `,
);

export type CountedEntityTable = PlainEntityKind | 'performer';

/** A sidebar's entity: id, name and its works in the channel. */
interface EntityCountRow {
  id: string;
  name: string;
  count: number;
}

/** A performer of the performers page: also the Chinese name and the uncensored count. */
type PerformerRow = EntityCountRow & { name_cn: string | null; uncensored_count: number };

/**
 * Catalogue reads. Only this file, works-list.repo.ts, search/works.repo.ts and
 * search/entities.repo.ts (the works lists, their keyword searches and the names a keyword
 * matches, spread in here) and the writers' repos touch the catalogue tables.
 */
export function createCatalogueRepo({ db, prepared }: Pick<Database, 'db' | 'prepared'>) {
  /** Entities of a kind with works in a channel, kept on write (migration 0019). */
  const kindTotal = async (kind: CountedEntityTable, channel: ModId) => {
    const { rows } = await sql<{ entities: number }>`
      SELECT entities FROM entity_kind_counts WHERE kind = ${kind} AND channel = ${channel}`.execute(
      prepared,
    );
    return rows[0]?.entities ?? 0;
  };
  /**
   * A page of performers with works in `channel`, by `sortChannel`'s count. In the channel's own
   * order the ids come off its count index alone; another channel's order reads that one's.
   */
  const performerPage = async <T extends EntityCountRow>(
    channel: ModId,
    sortChannel: ModId,
    limit: number,
    offset: number,
    columns: RawBuilder<unknown>,
  ) => {
    const count = sql.raw(PERFORMER_COUNT[channel]);
    const sort = sql.raw(PERFORMER_COUNT[sortChannel]);
    const { rows } = await sql<T>`
      SELECT e.id, e.name, e.${count} AS count${columns} FROM (
        SELECT i.id, i.${sort} FROM performers i WHERE i.${count} > 0
        ORDER BY i.${sort} DESC, i.id LIMIT ${sql.lit(limit)} OFFSET ${offset}
      ) p JOIN performers e ON e.id = p.id
      ORDER BY p.${sort} DESC, p.id`.execute(prepared);
    return rows;
  };

  return {
    ...createWorksListRepo({ db, prepared }),
    ...createWorksSearchRepo({ db, prepared }),
    // The search box's reads, one statement a keystroke: planned once per connection.
    ...createEntitySearchRepo(prepared),
    ...createSuggestRepo(prepared),

    /**
     * A work to show and every entity linked to it, in one statement planned once per
     * connection (by id, its plan is the same for any work); a hidden work is not found, like
     * an unknown id. Entities by kind, then id, as `[kind, id, name, nameCn]`.
     */
    async findWorkDetail(id: string): Promise<WorkDetailRow | undefined> {
      const { rows } = await sql<WorkDetailRow>`
        SELECT w.id, w.number, w.title, w.pub_date, w.duration_min, w.mp4, w.pic_small, w.pic_big,
          w.image_small, w.image_big, w.average, w.evaluates, w.channel, w.is_online, w.has_magnet,
          (SELECT coalesce(json_agg(json_build_array(x.kind, x.id::text, x.name, x.name_cn)
              ORDER BY x.kind, x.id), '[]'::json)
            FROM (${LINKED_ENTITIES}) AS x) AS entities
        FROM works w WHERE w.id = ${id} AND NOT w.hidden`.execute(prepared);
      return rows[0];
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

    /**
     * Entities of a kind in a channel that have works, most works first. The page's ids come
     * off the kind's count index alone (OFFSET skips index entries, not rows), then only those
     * rows are read; the total is the kind's counter (migration 0019). Planned once per
     * connection and page size: the plan is the same for any channel and page (the size is
     * written out, since a generic plan guesses a tenth of the table for a parameter and joins
     * that many by hashing the whole table).
     */
    async entityCounts(kind: CountedEntityTable, channel: ModId, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        kind === 'performer'
          ? performerPage(channel, channel, limit, offset, sql``)
          : sql<EntityCountRow>`
              SELECT e.id, e.name, e.work_count AS count FROM (
                SELECT i.id, i.work_count FROM ${sql.table(ENTITY_KINDS[kind].table)} i
                WHERE i.channel = ${channel} AND i.work_count > 0
                ORDER BY i.work_count DESC, i.id LIMIT ${sql.lit(limit)} OFFSET ${offset}
              ) p JOIN ${sql.table(ENTITY_KINDS[kind].table)} e ON e.id = p.id
              ORDER BY p.work_count DESC, p.id`
              .execute(prepared)
              .then((r) => r.rows),
        kindTotal(kind, channel),
      ]);
      return { rows, total };
    },

    /** Performers with works in a channel, sorted by a channel's count; as entityCounts. */
    async performers(channel: ModId, sortChannel: ModId, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        performerPage<PerformerRow>(
          channel,
          sortChannel,
          limit,
          offset,
          sql`, e.name_cn, e.uncensored_count`,
        ),
        kindTotal('performer', channel),
      ]);
      return { rows, total };
    },
  };
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
