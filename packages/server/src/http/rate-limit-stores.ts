import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The two stores @fastify/rate-limit ships but neither exports nor types on their own: the
// failover store of flood-limits.ts chooses between them per call while Redis comes and goes
// (decision 080). Loaded by require, typed here, so every project that compiles the server
// (the e2e journeys too) sees the same types without an ambient declaration.
const require = createRequire(import.meta.url);

/** The plugin's Redis store: a Lua INCR with PEXPIRE per key, under the `key` prefix. */
export const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => FastifyRateLimitStore;

/** The plugin's in-process store, an LRU of counts (5,000 keys). */
export const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;
