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
 * `works_number_prefix` and `works_title_prefix` (migration 0013) and stopped after `limit`,
 * however common the prefix.
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
    return db
      .selectFrom('works')
      .select(['id', 'channel', 'number', 'title'])
      .where(sql<boolean>`NOT hidden`)
      .where(sql<boolean>`${key} LIKE ${likePrefix(prefix)}`)
      .$if(channel !== undefined, (q) => q.where('channel', '=', channel!))
      .orderBy(key)
      .orderBy('id')
      .limit(limit)
      .execute();
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
