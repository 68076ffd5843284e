import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS } from '@yingku/contract';
import type { RedisLink } from '../redis/redis-link';
import type { NonceStore } from './signing';

/** A nonce claimed until `expiresAt` (epoch ms). */
export interface NonceClaim {
  nonce: string;
  expiresAt: number;
}

/** The database's side of the nonces while Redis decides them (decision 080). */
export interface NonceLedger {
  /** The database decides, as it does without Redis. */
  claim(nonce: string, expiresAt: number): Promise<boolean>;
  /** Copies of claims Redis decided, written a moment after. */
  record(claims: NonceClaim[]): Promise<void>;
  /** Every server claims in the database for `holdMs` from now. */
  raiseFallback(holdMs: number): Promise<void>;
  /** Whether a server raised the fallback and its time has not run out. */
  fallbackRaised(): Promise<boolean>;
}

export interface NonceFailoverTimings {
  /** How often Redis's claims are copied to the database and the fallback flag read. */
  tickMs: number;
  /** How long a server that lost Redis waits before the database alone decides. */
  settleMs: number;
  /** How long the fallback holds after it was last raised. */
  holdMs: number;
}

/**
 * A nonce is accepted at most `signatureWindowMs` after its timestamp, and its timestamp is at
 * most that far from the clock: it can be replayed for at most twice the window after the claim.
 * The fallback holds that long past the last claim only the database knows, and a little more
 * for the ticks between; the settle covers two ticks (the other servers' next reading of the
 * flag, then their next copy) and the database's time to answer.
 */
export const NONCE_FAILOVER: NonceFailoverTimings = {
  tickMs: 500,
  settleMs: 1_500,
  holdMs: 2 * LIMITS.signatureWindowMs + 10_000,
};

/** The most copies kept while the database refuses them; past it the oldest go. */
const MAX_PENDING = 200_000;

export interface FailoverNonceStore extends NonceStore {
  /** Who decides a claim now: Redis, or the database (the fallback, or its hold after one). */
  readonly deciding: 'redis' | 'database';
  /** Reads the flag before the first request (and starts the fallback when Redis is down). */
  start(): Promise<void>;
  /** Every {@link NonceFailoverTimings.tickMs}: copies, the flag raised or read. */
  tick(): Promise<void>;
  /** Writes the copies still pending (the app closes). */
  flush(): Promise<void>;
}

/**
 * Nonces in Redis with the database as their fallback, keeping every replay refused across the
 * switch in both directions (decision 080, which gives the argument in full):
 * - *Redis decides* (`SET NX`) while this server reaches it and no server raised the flag; each
 *   claim it accepts is copied into the database within a tick, so the database knows what Redis
 *   knew should Redis go.
 * - *The database decides* while the flag is up. Where Redis answers, it must not know the nonce
 *   either (claimed there in the last tick, not yet copied) and learns it, so a server back on
 *   Redis refuses it too. Where Redis fails, the database alone decides — but only in a *loss*:
 * - A loss begins when this server cannot reach Redis or a call to it fails (a timeout leaves
 *   unknown whether Redis took the claim, so that claim is the database's alone): it raises the
 *   flag, copies what it still holds, and waits {@link NonceFailoverTimings.settleMs} — by then
 *   every other server has read the flag and copied its last Redis claims. The flag is raised again
 *   each tick while the loss lasts; the loss ends at the first tick that finds Redis answering.
 * - Servers go back to Redis when the flag runs out, twice the signature window after the last
 *   claim the database alone decided: no such nonce passes the timestamp check any more, so it
 *   does not matter that Redis never heard of it (or came back empty).
 */
export function failoverNonceStore(
  link: RedisLink,
  redis: NonceStore,
  ledger: NonceLedger,
  timings: NonceFailoverTimings = NONCE_FAILOVER,
): FailoverNonceStore {
  let pending: NonceClaim[] = [];
  /** The flag, as last read or raised here. */
  let raised = false;
  /** The loss of Redis this server is in (its start: flag, copies, settle); undefined outside one. */
  let loss: Promise<void> | undefined;
  /** Changes when a loss begins: a reading of the flag begun before it is stale. */
  let epoch = 0;

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await ledger.record(batch);
    } catch (error) {
      pending = [...batch, ...pending].slice(-MAX_PENDING);
      throw error;
    }
  };

  /** Before the database alone decides: a loss begun, its settle over. */
  const inLoss = (): Promise<void> => {
    if (!loss) {
      epoch += 1;
      loss = (async () => {
        await ledger.raiseFallback(timings.holdMs);
        raised = true;
        await flush();
        await sleep(timings.settleMs);
      })().catch((error: unknown) => {
        // The database failed too: the next claim begins the loss again.
        loss = undefined;
        throw error;
      });
    }
    return loss;
  };

  link.onChange((up) => {
    if (!up) void inLoss().catch(() => undefined);
  });

  /** The database alone decides. */
  const claimAlone = async (nonce: string, expiresAt: number): Promise<boolean> => {
    await inLoss();
    return ledger.claim(nonce, expiresAt);
  };

  /** The database decides, and Redis, where it answers, must not know the nonce either. */
  const claimInDatabase = async (nonce: string, expiresAt: number): Promise<boolean> => {
    if (!link.up) return claimAlone(nonce, expiresAt);
    if (!(await ledger.claim(nonce, expiresAt))) return false;
    return link.run(
      'nonce',
      () => redis.claim(nonce, expiresAt),
      async () => {
        // Only the database knows it now: the flag must hold until it cannot be replayed.
        await inLoss();
        return true;
      },
    );
  };

  return {
    get deciding() {
      return raised || !link.up ? 'database' : 'redis';
    },
    async claim(nonce, expiresAt) {
      if (raised || !link.up) return claimInDatabase(nonce, expiresAt);
      return link.run(
        'nonce',
        async () => {
          const claimed = await redis.claim(nonce, expiresAt);
          if (claimed) pending.push({ nonce, expiresAt });
          return claimed;
        },
        () => claimAlone(nonce, expiresAt),
      );
    },
    async start() {
      raised = await ledger.fallbackRaised();
      if (!link.up) void inLoss().catch(() => undefined);
    },
    async tick() {
      await flush();
      if (loss) {
        await ledger.raiseFallback(timings.holdMs);
        raised = true;
        // Over once Redis answers; the flag just raised covers the loss's last claims.
        if (link.up) loss = undefined;
        return;
      }
      const readAt = epoch;
      const flag = await ledger.fallbackRaised();
      if (readAt === epoch) raised = flag;
    },
    flush,
  };
}
