import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoutes } from './app-routes';
import { type AppServices, createAppServices } from './app-services';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { soleWorkerLease, type WorkerLease } from './db/worker-lease';
import { createCallerLookup } from './features/accounts/session.repo';
import { createCatalogueCache } from './features/catalogue/catalogue.cache';
import { countingCatalogueCache } from './features/catalogue/catalogue.cache-metrics';
import { createIdGenerator } from './features/catalogue-write/id-generator';
import { createCloudDownloadsService } from './features/cloud-downloads/cloud-downloads.service';
import { createPaymentProviders, type ProviderOverrides } from './features/payments/providers';
import { mediaOrigins } from './features/video/media-origins';
import { createVideoRuntime, type VideoRuntime } from './features/video/video-runtime';
import type { VideoQueueSettings } from './features/video/video-jobs';
import { guardConsoleRoutes } from './http/console-routes';
import { createStaffAudit } from './features/staff-audit/audit.service';
import { createConsoleCheck } from './features/staff-access/console-check';
import { createAccessTokens, createAuthenticator } from './http/auth';
import { clientErrorHandler, refuseHostileInput } from './http/hostile-input';
import { registerSecurityHeaders } from './http/security-headers';
import { registerErrorHandling } from './http/error-handler';
import type { Lifecycle } from './http/health';
import { loggingOptions } from './http/logging';
import { createNonceStore } from './http/nonces';
import { openApiTransform } from './http/openapi';
import { addOperations } from './http/operations';
import { responseSerializerCompiler } from './http/response-serializer';
import { createRedisLink } from './redis/redis-link';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /**
   * With REDIS_URL (or Sentinel): the process's client, which server-process.ts makes and closes. Nonces,
   * flood limits, stream places and search answers live there while it answers, and in the
   * database while it does not (decision 080).
   */
  redis?: Redis;
  /** Tests: payment providers to use instead of the configured ones (e.g. one that fails). */
  paymentProviders?: ProviderOverrides;
  /** DATABASE_READ_URL: the read replica catalogue reads go to. */
  readDatabase?: Database;
  /** server-process.ts flips it to draining on SIGTERM (readiness 503); Fastify's close flips it too. */
  lifecycle?: Lifecycle;
  /** Tests: where log lines go (JSON), whatever LOG_LEVEL says about silence. */
  logStream?: DestinationStream;
  /**
   * This process's worker-id lease (server-process.ts takes one on PostgreSQL): ids made here carry its
   * worker id. Default: worker 0, right for PGlite and for a test's own database.
   */
  workerLease?: WorkerLease;
  /** The media side (storage, ffmpeg, queue); default: built from the config, closed with the app. */
  video?: VideoRuntime;
  /** Tests: queue timings of the default media side (short retries). */
  videoQueue?: Partial<VideoQueueSettings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The media side: the CLI and tests attach videos through it. */
    videoRuntime: VideoRuntime;
    /** The scheduled jobs, to run one now (tests; an operator's command). */
    scheduledJobs: AppServices['scheduledJobs'];
  }
}

/**
 * Builds the whole app as a plugin tree, without listening (tests call `app.inject()`): the
 * infrastructure here (Fastify and its compilers, errors and hostile input, security headers,
 * the OpenAPI document, health and metrics, caches, nonces, tokens, the media side, the
 * services), then every route, in app-routes.ts.
 */
export async function buildApp({
  config,
  database,
  redis,
  paymentProviders,
  readDatabase,
  lifecycle,
  logStream,
  workerLease = soleWorkerLease(),
  video: givenVideo,
  videoQueue,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: config.checkResponses }));
  registerErrorHandling(app);
  refuseHostileInput(app);
  guardConsoleRoutes(app);

  registerSecurityHeaders(app, config, await mediaOrigins(config.media));
  await app.register(swagger, {
    openapi: {
      info: {
        title: '影库 API',
        description:
          'Every call under /prod-api. Calls under /v2 and /web carry the signing headers of ' +
          'docs/product.md §7 (x-timestamp, x-nonce, x-sign, x-encrypt); the envelope is ' +
          '{ code, msg, data | rows, total }.',
        version: '1.0.0',
      },
    },
    transform: openApiTransform,
  });

  // Every use of Redis goes through this one link: up or down, and each use's fallback.
  const redisLink = redis ? createRedisLink(redis, app.log) : undefined;
  if (redisLink) {
    app.addHook('onClose', async () => redisLink.close());
    await redisLink.start();
  }
  const { metrics } = await addOperations(app, {
    config,
    database,
    readDatabase,
    redis: redisLink,
    lifecycle,
  });
  const catalogueCache = countingCatalogueCache(
    createCatalogueCache(config.catalogueCacheMs),
    metrics.catalogueCache,
  );
  const nonceStore = await createNonceStore(app, {
    database,
    dataDir: config.dataDir,
    redis: redisLink && { link: redisLink, keyPrefix: config.redisKeyPrefix },
  });
  const tokens = createAccessTokens(config.jwtSecret);
  const auth = createAuthenticator(
    tokens,
    createCallerLookup(database.db),
    createConsoleCheck({ db: database.db, idleMinutes: config.staffTrust.consoleIdleMinutes, log: app.log }),
  );
  const providers = createPaymentProviders(config.payments, paymentProviders, app.log);
  const newId = createIdGenerator({ workerId: () => workerLease.workerId() });
  // One cloud-downloads service for the routes and the video runtime, which fulfils requests.
  // Every console change writes its audit entry through this, in the change's own transaction.
  const staffAudit = createStaffAudit(database.db);
  const cloudDownloads = createCloudDownloadsService({ db: database.db, audit: staffAudit.record });
  const video =
    givenVideo ??
    createVideoRuntime({
      config,
      database,
      log: app.log,
      workerLease,
      downloads: cloudDownloads,
      audit: staffAudit.record,
      ...(videoQueue ? { queue: videoQueue } : {}),
    });
  app.decorate('videoRuntime', video);
  app.addHook('onClose', () => video.close());
  // The embedded default runs the transcode worker in the server; PostgreSQL sites run `npm run worker`.
  if (config.media.inProcessWorker) {
    app.addHook('onReady', () => video.startWorker());
    metrics.addRegistry(video.metrics.registry);
  }
  const services = await createAppServices({
    app,
    config,
    database,
    readDatabase,
    catalogueCache,
    redis: redisLink,
    tokens,
    providers,
    newId,
    workerLease,
    videos: video.service,
    cloudDownloads,
    staffAudit,
    metrics,
  });
  app.decorate('scheduledJobs', services.scheduledJobs);
  await registerRoutes(app, { config, services, auth, video, catalogueCache, nonces: nonceStore, providers });
  return app;
}

/** Fastify's trustProxy from the config; a hop count trusts that many proxies nearest us. */
function trustProxyOption(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
