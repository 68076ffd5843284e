import type { ModId } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import { likePrefix } from '../../db/like';
import type { DB } from '../../db/schema';

/** A work the search box suggests. */
export interface WorkSuggestionRow {
  id: string;
  channel: ModId;
  number: string;
  title: string;
}

/**
 * The search box's work suggestions (issue 17): visible works whose compact number or
 * lower-cased title starts with what was typed, each read in index order off
 * `works_number_prefix` and `works_title_prefix` (migration 0013), or in one channel off
 * `works_channel_number_prefix` and `works_channel_title_prefix` (0014), and stopped after
 * `limit`, however common the prefix.
 */
export function createSuggestRepo(db: Kysely<DB>) {
  const startingWith = (
    column: 'number' | 'title',
    prefix: string,
    channel: ModId | undefined,
    limit: number,
  ) => {
    // The indexed expressions, spelled as in the indexes.
    const key =
      column === 'number' ? sql`upper(regexp_replace(number, '[^A-Za-z0-9]', '', 'g'))` : sql`lower(title)`;
    return (
      db
        .selectFrom('works')
        .select(['id', 'channel', 'number', 'title'])
        .where(sql<boolean>`NOT hidden`)
        .where(sql<boolean>`${key} LIKE ${likePrefix(prefix)}`)
        .$if(channel !== undefined, (q) => q.where('channel', '=', channel!))
        // In the indexes' order (text_pattern_ops sorts by ~<~): by the collation's `<`, the
        // planner cannot read them in order and sorts every work with the prefix (70 ms at 1M).
        .orderBy(sql`${key} USING ~<~`)
        .orderBy('id')
        .limit(limit)
        .execute()
    );
  };

  return {
    /** Works whose compact number starts with `compact` ({@link compactNumber}), in number order. */
    async worksByNumberPrefix(compact: string, channel: ModId | undefined, limit: number) {
      return (await startingWith('number', compact, channel, limit)) as WorkSuggestionRow[];
    },

    /** Works whose lower-cased title starts with `folded`, in title order. */
    async worksByTitlePrefix(folded: string, channel: ModId | undefined, limit: number) {
      return (await startingWith('title', folded, channel, limit)) as WorkSuggestionRow[];
    },
  };
}

export type SuggestRepo = ReturnType<typeof createSuggestRepo>;
