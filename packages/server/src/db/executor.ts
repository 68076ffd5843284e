import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * What a repo method runs its statements on: the database, or the caller's transaction (Kysely's
 * transaction is a Kysely). A method that can run inside a caller's transaction takes it as its
 * last argument — optional when the method also makes sense alone, required for a row lock
 * (decision 040; lint rule yingku/executor-last).
 */
export type Executor = Kysely<DB>;

/** Runs `work` in one transaction on `db`: the one way the code opens one (decision 040). */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
