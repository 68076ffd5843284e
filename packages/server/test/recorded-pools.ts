import type { KyselyPlugin } from 'kysely';
import type { Database } from '../src/db/connection';

/**
 * A database's `db` and `prepared` as they are, each noting its name in `seen` for every
 * statement it runs: which pool a repo's read went through (decision 049).
 */
export function recordedPools(database: Pick<Database, 'db' | 'prepared'>) {
  const seen: string[] = [];
  // Noted as each answer comes back: a statement compiled once and run as is (db/shaped-
  // statement.ts) is never transformed.
  const note = (name: string): KyselyPlugin => ({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => (seen.push(name), result),
  });
  return {
    seen,
    db: database.db.withPlugin(note('db')),
    prepared: database.prepared.withPlugin(note('prepared')),
  };
}
