import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Executor } from '../../db/executor';

/** One provider event as recorded: what it said, and what it did to the order. */
export interface PaymentEventRecord {
  provider: string;
  eventId: string;
  orderId: string;
  outcome: string;
  payload: unknown;
}

/** payment_events: one row per provider event, whose UNIQUE (provider, event_id) makes notifies idempotent. */
export function createPaymentEventsRepo(db: Kysely<DB>) {
  return {
    /**
     * Records the event; false when it was already recorded (a repeat). On PostgreSQL a parallel
     * insert of the same event waits for the first transaction and then inserts nothing.
     */
    async recordEvent(event: PaymentEventRecord, trx: Executor): Promise<boolean> {
      const row = await trx
        .insertInto('payment_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          order_id: event.orderId,
          outcome: event.outcome,
          payload: JSON.stringify(event.payload),
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The events recorded for an order, oldest first (for operators and tests). */
    eventsOf(orderId: string) {
      return db
        .selectFrom('payment_events')
        .select(['provider', 'event_id as eventId', 'outcome'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },
  };
}
