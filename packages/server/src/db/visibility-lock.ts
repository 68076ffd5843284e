import { sql } from 'kysely';
import { type Executor } from './executor';

/** An arbitrary, fixed advisory-lock key ("YKHIDE" in ASCII) that no other lock uses. */
const VISIBILITY_LOCK_KEY = 0x594b48494445n;

/**
 * Entity counts leave hidden works out (decision 007), so a catalogue write must know whether
 * each work it links is hidden, and hiding must see every link committed. Writers take this
 * lock shared (they run side by side), hiding and showing take it exclusively: the two never
 * interleave inside one transaction. Transaction-scoped advisory locks touch no rows, so an
 * import that changes nothing still writes nothing. Call inside a transaction.
 */
export const visibilityLock = {
  /** Before a catalogue write: waits only while a work is being hidden or shown. */
  async shared(trx: Executor): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock_shared(${VISIBILITY_LOCK_KEY.toString()}::bigint)`.execute(trx);
  },

  /** Before hiding or showing works: waits for catalogue writes in progress to commit. */
  async exclusive(trx: Executor): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${VISIBILITY_LOCK_KEY.toString()}::bigint)`.execute(trx);
  },
};
