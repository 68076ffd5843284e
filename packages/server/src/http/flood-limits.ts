import rateLimit from '@fastify/rate-limit';
import { SERVER_MSG } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';

/**
 * Requests one client address may make to the calls that cost the server most for an
 * anonymous caller: a captcha row, an argon2 hash. (Failed logins have their own limits per
 * account and address: features/accounts/login-limits.ts.)
 */
export const FLOOD_LIMITS = {
  captcha: { max: 60, timeWindow: '1 minute' },
  register: { max: 20, timeWindow: '10 minutes' },
  login: { max: 60, timeWindow: '1 minute' },
} as const;

export type FloodLimitedCall = keyof typeof FLOOD_LIMITS;

/**
 * Adds @fastify/rate-limit without a global limit: a route opts in with
 * {@link floodLimit}. Counts live in Redis when given (every instance shares them), else in
 * this process (a flood is met at each instance). Over the limit: 429 in the envelope.
 */
export async function addFloodLimits(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'yingku-flood-' } : {}),
    skipOnError: true,
    errorResponseBuilder: () => tooManyRequests(SERVER_MSG.tooManyRequests),
  });
}

/** Route options of a flood-limited call; nothing when limits are off (tests). */
export function floodLimit(call: FloodLimitedCall, enabled: boolean) {
  return enabled ? { config: { rateLimit: FLOOD_LIMITS[call] } } : {};
}
