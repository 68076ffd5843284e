import type { KyselyPlugin } from 'kysely';
import type { Database } from '../src/db/connection';

/**
 * A database's `db` and `prepared` as they are, each noting its name in `seen` for every
 * statement it runs: which pool a repo's read went through (decision 049).
 */
export function recordedPools(database: Pick<Database, 'db' | 'prepared'>) {
  const seen: string[] = [];
  const note = (name: string): KyselyPlugin => ({
    transformQuery: ({ node }) => (seen.push(name), node),
    transformResult: async ({ result }) => result,
  });
  return {
    seen,
    db: database.db.withPlugin(note('db')),
    prepared: database.prepared.withPlugin(note('prepared')),
  };
}
