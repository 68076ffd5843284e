import type { EntityMatchKind, ModId } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import { likeContains } from '../../db/like';
import type { DB, PlainEntityKind } from '../../db/schema';
import { ENTITY_KINDS, PERFORMER_COUNT } from '../../db/schema';

/** An entity whose name or Chinese name holds the keyword; `channel` is where its `count` works are. */
export interface EntityMatchRow {
  kind: EntityMatchKind;
  id: string;
  name: string;
  name_cn: string | null;
  channel: ModId;
  count: number;
}

/** Entity tables with one channel and one count per row (tags among them). */
const CHANNEL_KINDS = ['maker', 'label', 'series', 'director', 'item', 'tag'] as const satisfies readonly (
  PlainEntityKind | 'tag'
)[];

/**
 * Names matched by keyword (issue 17), read through the trigram indexes of migration 0012 over
 * `lower(name)` and `lower(coalesce(name_cn, ''))`: the expressions below must stay those.
 */
export function createEntitySearchRepo(db: Kysely<DB>) {
  /** Best first: a name that is the keyword, then the most works, then the oldest entry. */
  const matching = (folded: string) => {
    const pattern = likeContains(folded);
    return {
      where: sql<boolean>`(lower(name) LIKE ${pattern} OR lower(coalesce(name_cn, '')) LIKE ${pattern})`,
      exact: sql<boolean>`(lower(name) = ${folded} OR lower(coalesce(name_cn, '')) = ${folded})`,
    };
  };

  async function inChannelTable(
    kind: (typeof CHANNEL_KINDS)[number],
    folded: string,
    channel: ModId | undefined,
    limit: number,
  ) {
    const table = ENTITY_KINDS[kind].table as 'makers';
    const { where, exact } = matching(folded);
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name', 'name_cn', 'channel', 'work_count as count'])
      .where('work_count', '>', 0)
      .$if(channel !== undefined, (q) => q.where('channel', '=', channel!))
      .where(where)
      .orderBy(exact, 'desc')
      .orderBy('work_count', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row): EntityMatchRow => ({ kind, ...row, channel: row.channel as ModId }));
  }

  async function performers(folded: string, channel: ModId | undefined, limit: number) {
    const { where, exact } = matching(folded);
    // In one channel: its count. In all: the channel where the performer has most works.
    const count = channel
      ? sql<number>`${sql.ref(PERFORMER_COUNT[channel])}`
      : sql<number>`greatest(censored_count, uncensored_count, western_count)`;
    const rows = await db
      .selectFrom('performers')
      .select([
        'id',
        'name',
        'name_cn',
        count.as('count'),
        'censored_count',
        'uncensored_count',
        'western_count',
      ])
      .where(count, '>', 0)
      .where(where)
      .orderBy(exact, 'desc')
      .orderBy(count, 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row): EntityMatchRow => {
      const counts = [row.censored_count, row.uncensored_count, row.western_count];
      const best = channel ?? ((counts.indexOf(Math.max(...counts)) + 1) as ModId);
      return {
        kind: 'performer',
        id: row.id,
        name: row.name,
        name_cn: row.name_cn,
        channel: best,
        count: row.count,
      };
    });
  }

  return {
    /**
     * Up to `perKind` entities of each kind whose name holds `folded` (a lower-cased keyword),
     * performers first; only entities with works (in `channel` when given).
     */
    async searchEntities(
      folded: string,
      channel: ModId | undefined,
      perKind: number,
    ): Promise<EntityMatchRow[]> {
      const found = await Promise.all([
        performers(folded, channel, perKind),
        ...CHANNEL_KINDS.map((kind) => inChannelTable(kind, folded, channel, perKind)),
      ]);
      return found.flat();
    },
  };
}

export type EntitySearchRepo = ReturnType<typeof createEntitySearchRepo>;
