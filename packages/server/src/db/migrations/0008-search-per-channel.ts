import { type Kysely, sql } from 'kysely';

const CHANNELS = [1, 2, 3] as const;

/**
 * Keyword indexes per channel (decision 016, "Searching one channel"): the search page's
 * channel tabs and the walk-or-gather choice read only the channel's own matches. The
 * all-channel indexes stay for the 全部 tab. The predicate is spelled `(channel + 0) = N`, as the
 * keyword queries spell a one-channel scope, so that no channel b-tree can serve it: the planner
 * then reads the partial index alone instead of AND-ing it with a bitmap of the whole channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const channel of CHANNELS) {
    const where = `WHERE (channel + 0) = ${channel} AND NOT hidden`;
    await sql
      .raw(
        `CREATE INDEX works_search_trgm_c${channel} ON works USING gin (search_text gin_trgm_ops) ${where}`,
      )
      .execute(db);
    await sql
      .raw(`CREATE INDEX works_title_grams_c${channel} ON works USING gin (title_grams) ${where}`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const channel of CHANNELS) {
    await sql
      .raw(`DROP INDEX IF EXISTS works_search_trgm_c${channel}, works_title_grams_c${channel}`)
      .execute(db);
  }
}
