import { ENTITY_MATCH_KINDS, type EntityMatchKind, type ModId } from '@yingku/contract';
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

/** Entity tables with one channel and one count per row (tags among them): all but performers. */
type ChannelKind = Exclude<EntityMatchKind, 'performer'> & (PlainEntityKind | 'tag');

/**
 * The channels in which each kind has a list page (SPEC §2): a match opens one, so entities
 * without one are not matches. Labels, series, directors and same-type lists are censored only;
 * western performers have no page; makers and tags have one in every channel.
 */
const LISTED_CHANNELS: Record<EntityMatchKind, readonly ModId[]> = {
  performer: [1, 2],
  maker: [1, 2, 3],
  tag: [1, 2, 3],
  label: [1],
  series: [1],
  director: [1],
  item: [1],
};

/** The channels to look in: the asked one if the kind is listed there, else every listed one. */
const channelsFor = (kind: EntityMatchKind, channel: ModId | undefined) =>
  LISTED_CHANNELS[kind].filter((listed) => channel === undefined || listed === channel);

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
    kind: ChannelKind,
    folded: string,
    channel: ModId | undefined,
    limit: number,
  ) {
    const channels = channelsFor(kind, channel);
    if (channels.length === 0) return [];
    const table = ENTITY_KINDS[kind].table as 'makers';
    const { where, exact } = matching(folded);
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name', 'name_cn', 'channel', 'work_count as count'])
      .where('work_count', '>', 0)
      .where('channel', 'in', channels)
      .where(where)
      .orderBy(exact, 'desc')
      .orderBy('work_count', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row): EntityMatchRow => ({ kind, ...row, channel: row.channel as ModId }));
  }

  async function performers(folded: string, channel: ModId | undefined, limit: number) {
    const channels = channelsFor('performer', channel);
    if (channels.length === 0) return [];
    const { where, exact } = matching(folded);
    // In one channel: its count. In all: the listed channel where the performer has most works.
    const count =
      channels.length === 1
        ? sql<number>`${sql.ref(PERFORMER_COUNT[channels[0]!])}`
        : sql<number>`greatest(censored_count, uncensored_count)`;
    const rows = await db
      .selectFrom('performers')
      .select(['id', 'name', 'name_cn', count.as('count'), 'censored_count', 'uncensored_count'])
      .where(count, '>', 0)
      .where(where)
      .orderBy(exact, 'desc')
      .orderBy(count, 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row): EntityMatchRow => {
      const best: ModId =
        channels.length === 1 ? channels[0]! : row.uncensored_count > row.censored_count ? 2 : 1;
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
     * Up to `perKind` entities of each of `kinds` whose name holds `folded` (a lower-cased
     * keyword), in the order of `kinds` (performers first); only entities with works (in
     * `channel` when given).
     */
    async searchEntities(
      folded: string,
      channel: ModId | undefined,
      perKind: number,
      kinds: readonly EntityMatchKind[] = ENTITY_MATCH_KINDS,
    ): Promise<EntityMatchRow[]> {
      const found = await Promise.all(
        kinds.map((kind) =>
          kind === 'performer'
            ? performers(folded, channel, perKind)
            : inChannelTable(kind, folded, channel, perKind),
        ),
      );
      return found.flat();
    },
  };
}

export type EntitySearchRepo = ReturnType<typeof createEntitySearchRepo>;
