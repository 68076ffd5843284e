import { isInt64Id } from '@yingku/contract';
import { type AppMetrics, NO_METRICS, type NotifyOutcome } from '../../http/metrics';
import type { Logger } from '../../lib/logger';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MembershipService } from '../membership/membership.service';
import type { OrderPaymentsService } from '../orders/order-payments.service';
import type { NotifyReply, RawNotify, VerifiedPayment } from './payment-provider';
import { createPaymentEventsRepo } from './payment-events.repo';
import type { PaymentProviders } from './providers';

/** What a trusted payment event did: paid the order now, found it paid, said "not paid", or was a repeat. */
export type SettleOutcome = 'paid' | 'already-paid' | 'not-paid' | 'repeat';

/** Why a payment event was refused: a fixed set, for /metrics (the log line says more). */
export type RefusalCode = Exclude<NotifyOutcome, 'paid' | 'already_paid' | 'not_paid' | 'repeat'>;

export type SettleResult =
  { accepted: true; outcome: SettleOutcome } | { accepted: false; code: RefusalCode; reason: string };

export interface PaymentNotifyDeps {
  db: Kysely<DB>;
  providers: PaymentProviders;
  log: Logger;
  /** The order an event pays, found and locked. */
  orders: OrderPaymentsService;
  /** Extends the buyer's VIP in the same transaction. */
  membership: MembershipService;
  /** Where notifies are counted by provider and outcome (/metrics; decision 082). */
  metrics?: Pick<AppMetrics, 'paymentNotify'>;
}

const UNPAID = 0;

/** A settled event's outcome as /metrics labels it (snake_case, as every label value there). */
const OUTCOME_LABEL: Record<SettleOutcome, NotifyOutcome> = {
  paid: 'paid',
  'already-paid': 'already_paid',
  'not-paid': 'not_paid',
  repeat: 'repeat',
};

/**
 * Provider notifies and query answers → the paid transition. Everything is checked before anything
 * changes (signature by the provider, then our app id, the order, its provider and its amount);
 * then one transaction locks the order, records the event once (UNIQUE provider + event id) and,
 * when the order was still unpaid, marks it paid and extends the buyer's VIP. A repeat, a second
 * event of the same trade (TRADE_SUCCESS then TRADE_FINISHED) or a race of both changes nothing more.
 */
export function createPaymentNotifyService({
  db,
  providers,
  log,
  orders,
  membership,
  metrics = NO_METRICS,
}: PaymentNotifyDeps) {
  const events = createPaymentEventsRepo(db);

  const refuse = (
    payment: VerifiedPayment | null,
    provider: string,
    code: RefusalCode,
    reason: string = code.replace('_', ' '),
  ): SettleResult => {
    log.warn(
      { provider, orderId: payment?.orderId, tradeNo: payment?.tradeNo, reason },
      'payment event refused',
    );
    return { accepted: false, code, reason };
  };

  /** Applies a verified payment event (from a notify or a query answer) to its order. */
  async function settle(payment: VerifiedPayment): Promise<SettleResult> {
    const provider = payment.provider;
    const expectedAppId = providers.appIdOf(provider);
    if (expectedAppId === undefined || payment.appId !== expectedAppId) {
      return refuse(payment, provider, 'app_id', 'app id does not match the configuration');
    }
    if (!isInt64Id(payment.orderId)) return refuse(payment, provider, 'unknown_order');
    const order = await orders.findOrder(payment.orderId);
    if (!order) return refuse(payment, provider, 'unknown_order');
    if (order.provider !== provider) {
      return refuse(payment, provider, 'wrong_provider', `order belongs to ${order.provider}`);
    }
    if (order.amountCents !== payment.amountCents) {
      return refuse(
        payment,
        provider,
        'amount',
        `amount ${payment.amountCents} ≠ order ${order.amountCents}`,
      );
    }

    const outcome = await membership.inTransaction(async (trx): Promise<SettleOutcome | 'gone'> => {
      const locked = await orders.lockOrder(order.id, trx);
      if (!locked) return 'gone';
      const pays = payment.paid && locked.status === UNPAID;
      const outcome: SettleOutcome = pays ? 'paid' : payment.paid ? 'already-paid' : 'not-paid';
      const recorded = await events.recordEvent(
        {
          provider,
          eventId: payment.eventId,
          orderId: order.id,
          outcome,
          payload: payment,
        },
        trx,
      );
      if (!recorded) return 'repeat';
      if (pays) {
        await orders.markPaid(order.id, payment.tradeNo, trx);
        await membership.extendVip(
          { userId: locked.userId, days: locked.days, levelId: locked.levelId },
          trx,
        );
      }
      return outcome;
    });
    if (outcome === 'gone') return refuse(payment, provider, 'unknown_order');
    if (outcome === 'already-paid' && order.providerTradeNo !== payment.tradeNo) {
      // Paid once already under another trade: the buyer may have paid twice; operators refund by hand.
      log.warn({ provider, orderId: order.id, tradeNo: payment.tradeNo }, 'second trade for a paid order');
    }
    return { accepted: true, outcome };
  }

  /** Verifies a notify with the provider it names, then settles it. */
  async function answerNotify(
    providerName: string,
    notify: RawNotify,
  ): Promise<{ reply: NotifyReply | null; result: SettleResult }> {
    const provider = providers.byName(providerName);
    if (!provider) return { reply: null, result: refuse(null, providerName, 'unconfigured') };
    const payment = await provider.verifyNotify(notify);
    if (!payment || payment.provider !== provider.name) {
      return { reply: provider.replies.refused, result: refuse(payment, providerName, 'bad_signature') };
    }
    const result = await settle(payment);
    return { reply: result.accepted ? provider.replies.accepted : provider.replies.refused, result };
  }

  return {
    settle,

    /**
     * A notify as it reached /pay/notify/{provider}: verified by that provider, then settled.
     * Answers the provider's own reply; anything forged, altered or mismatched changes nothing.
     */
    async handleNotify(
      providerName: string,
      notify: RawNotify,
    ): Promise<{ reply: NotifyReply | null; result: SettleResult }> {
      const answered = await answerNotify(providerName, notify);
      const { result } = answered;
      metrics.paymentNotify(providerName, result.accepted ? OUTCOME_LABEL[result.outcome] : result.code);
      return answered;
    },
  };
}

export type PaymentNotifyService = ReturnType<typeof createPaymentNotifyService>;
