import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { REDIS_OPERATIONS, type RedisLink } from '../redis/redis-link';
import { unauthorized } from './errors';

/** Where Prometheus scrapes; outside /prod-api and unsigned. */
export const METRICS_PATH = '/metrics';

/** Seconds; from a cached catalogue answer (~1 ms) to a request near the statement timeout. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods kept as they are; anything else a client invents counts as OTHER (bounded labels). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/**
 * The process's own metrics (CPU, memory, event loop, GC, handles), registered once per
 * process: they describe the process, not an app, and each registration adds a GC observer.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Why a login was refused: the label values of `yingku_logins_failed_total`, a fixed set. A
 * wrong password and an unknown name get the same answer (decision 009); here they are told
 * apart, as the `login.failed` log line does, since many unknown names mean a list being tried.
 */
export const LOGIN_FAILURE_REASONS = [
  'captcha',
  'locked',
  'unknown_user',
  'wrong_password',
  'disabled',
  'second_factor',
] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

/** The providers a notify may name; any other path segment counts as `other`. */
export const NOTIFY_PROVIDERS = ['alipay', 'wechat', 'sandbox', 'other'] as const;

/**
 * What came of a payment notify: settled (`paid`, `already_paid`, `not_paid`, `repeat`), or
 * refused and why. The label values of `yingku_payment_notifies_total`, a fixed set.
 */
export const NOTIFY_OUTCOMES = [
  'paid',
  'already_paid',
  'not_paid',
  'repeat',
  'unconfigured',
  'bad_signature',
  'app_id',
  'unknown_order',
  'wrong_provider',
  'amount',
] as const;
export type NotifyOutcome = (typeof NOTIFY_OUTCOMES)[number];

/** What features record; the app owns one, so tests with several apps do not mix counts. */
export interface AppMetrics {
  /** One catalogue read-cache lookup (decision 006): `call` is the service method. */
  catalogueCache(call: string, result: 'hit' | 'miss'): void;
  /** Streams handed out here, and refused for the account's device limit. */
  streamStarted(): void;
  streamRefused(): void;
  /** Where the gauge of streams playing now (on every server) is read at each scrape. */
  readActiveStreams(read: () => Promise<number>): void;
  /** A login refused, and why (the first step's password or the second step's code). */
  loginFailed(reason: LoginFailureReason): void;
  /** A provider's notify answered: `provider` as the path named it (bounded here). */
  paymentNotify(provider: string, outcome: NotifyOutcome): void;
  /** Another part's metrics on the same page (the transcode worker run in this process). */
  addRegistry(other: Registry): void;
  /** With Redis: whether it answers, and its failed calls by what they were for (decision 080). */
  watchRedis(link: RedisLink): void;
}

/** Records nothing: for services built outside an app (the CLI, tests of one service). */
export const NO_METRICS: Pick<AppMetrics, 'loginFailed' | 'paymentNotify'> = {
  loginFailed: () => undefined,
  paymentNotify: () => undefined,
};

export interface MetricsOptions {
  /** When set, a scrape needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  token?: string | undefined;
}

/**
 * Prometheus metrics at {@link METRICS_PATH}: the process's default metrics, an HTTP duration
 * histogram labelled by method, route pattern (never the raw URL, whose ids and keywords
 * would make a series each) and status code, and catalogue cache hits and misses.
 */
export function addMetrics(app: FastifyInstance, { token }: MetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'yingku_catalogue_cache_lookups_total',
    help: 'Catalogue read-cache lookups by service call and result (hit or miss)',
    labelNames: ['call', 'result'] as const,
    registers: [registry],
  });

  const streamsStarted = new Counter({
    name: 'yingku_streams_started_total',
    help: 'Stream addresses handed out by this server (a tap on 在线播放, or a renewal)',
    registers: [registry],
  });
  const streamsRefused = new Counter({
    name: 'yingku_streams_refused_total',
    help: 'Streams refused by this server because the VIP account already plays on its limit of devices',
    registers: [registry],
  });
  const loginsFailed = new Counter({
    name: 'yingku_logins_failed_total',
    help: 'Logins refused by this server, by reason (captcha, locked, unknown_user, wrong_password, disabled, second_factor)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const notifies = new Counter({
    name: 'yingku_payment_notifies_total',
    help: 'Payment provider notifies answered by this server, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  // Every series at 0 from the start, so rate() and absent-minded alerts see the first one.
  for (const reason of LOGIN_FAILURE_REASONS) loginsFailed.labels({ reason }).inc(0);
  for (const provider of NOTIFY_PROVIDERS) {
    for (const outcome of NOTIFY_OUTCOMES) notifies.labels({ provider, outcome }).inc(0);
  }
  let readActive: (() => Promise<number>) | undefined;
  const others: Registry[] = [];
  new Gauge({
    name: 'yingku_streams_active',
    help: 'Devices playing a stream now, on every server (a place kept by the position reports)',
    registers: [registry],
    async collect() {
      // A store that does not answer leaves the last value: the scrape itself must not fail.
      if (readActive) this.set(await readActive().catch(() => NaN));
    },
  });

  // Each series found once by its labels (prom-client would hash them at every answer).
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', async (request, reply) => {
    const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
    // Unmatched requests (404s, the web app's fallback) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${method} ${reply.statusCode} ${route}`;
    let observed = series.get(key);
    if (!observed) {
      observed = duration.labels({ method, route, status_code: String(reply.statusCode) });
      series.set(key, observed);
    }
    observed.observe(reply.elapsedTime / 1000);
  });

  const allowed = token === undefined ? () => true : bearerCheck(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) throw unauthorized();
    const parts = await Promise.all([processMetrics(), registry, ...others].map((r) => r.metrics()));
    const text = parts.join('');
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });

  return {
    catalogueCache: (call, result) => cacheLookups.inc({ call, result }),
    streamStarted: () => streamsStarted.inc(),
    streamRefused: () => streamsRefused.inc(),
    loginFailed: (reason) => loginsFailed.inc({ reason }),
    paymentNotify: (provider, outcome) =>
      notifies.inc({
        provider: (NOTIFY_PROVIDERS as readonly string[]).includes(provider) ? provider : 'other',
        outcome,
      }),
    readActiveStreams: (read) => {
      readActive = read;
    },
    addRegistry: (other) => {
      others.push(other);
    },
    watchRedis: (link) => {
      new Gauge({
        name: 'yingku_redis_up',
        help: 'Whether this server reaches Redis now (1), or keeps what Redis would in its database (0)',
        registers: [registry],
        collect() {
          this.set(link.up ? 1 : 0);
        },
      });
      const errors = new Counter({
        name: 'yingku_redis_errors_total',
        help: 'Calls to Redis that failed or timed out, by what they were for; each was served by its fallback',
        labelNames: ['operation'] as const,
        registers: [registry],
      });
      // Every series from the start at 0, so a rate over the first failure is not lost.
      for (const operation of REDIS_OPERATIONS) errors.inc({ operation }, 0);
      link.onError((operation) => errors.inc({ operation }));
    },
  };
}

/** Compares digests so the check takes the same time whatever the guess. */
function bearerCheck(token: string): (request: FastifyRequest) => boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };
}
