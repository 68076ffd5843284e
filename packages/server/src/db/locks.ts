import { sql } from 'kysely';
import { type Executor } from './executor';

/**
 * Holds a lock on (`namespace`, `key`) until the transaction ends (pg_advisory_xact_lock):
 * transactions about the same key — one user's new orders, say — run one after another, on
 * every server, so a count they check cannot be raced past. Other keys are not held up.
 */
export async function lockKey(namespace: string, key: string, trx: Executor): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${namespace}), hashtext(${key}))`.execute(trx);
}
