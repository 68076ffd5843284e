import path from 'node:path';
import swagger from '@fastify/swagger';
import { API, API_BASE } from '@yingku/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAppServices } from './app-services';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { soleWorkerLease, type WorkerLease } from './db/worker-lease';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { createCallerLookup } from './features/accounts/session.repo';
import { activationCodeRoutes } from './features/activation-codes/activation-codes.routes';
import { activationCodesStaffRoutes } from './features/activation-codes/activation-codes-staff.routes';
import { createAnswerSender, createCatalogueCache } from './features/catalogue/catalogue.cache';
import { countingCatalogueCache } from './features/catalogue/catalogue.cache-metrics';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { catalogueAdminRoutes } from './features/catalogue-admin/catalogue-admin.routes';
import { createIdGenerator } from './features/catalogue-write/id-generator';
import { cloudDownloadRoutes } from './features/cloud-downloads/cloud-downloads.routes';
import { cloudDownloadsStaffRoutes } from './features/cloud-downloads/cloud-downloads-staff.routes';
import { followsRoutes } from './features/follows/follows.routes';
import { libraryRoutes, sharedFolderRoutes } from './features/library/library.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { reviewsStaffRoutes } from './features/reviews/reviews-staff.routes';
import { mediaRoutes } from './features/media/media.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { ordersStaffRoutes } from './features/orders/orders-staff.routes';
import { paymentNotifyRoutes } from './features/payments/payment-notify.routes';
import { createPaymentProviders, type ProviderOverrides } from './features/payments/providers';
import { sandboxPayRoutes } from './features/payments/sandbox-pay.routes';
import { streamRoutes } from './features/streams/streams.routes';
import { supportStaffRoutes } from './features/support/support-staff.routes';
import { supportRoutes } from './features/support/support.routes';
import { usersAdminRoutes } from './features/users-admin/users-admin.routes';
import { videoMediaRoutes } from './features/video/video-media.routes';
import { createVideoRuntime, type VideoRuntime } from './features/video/video-runtime';
import { videoStaffRoutes } from './features/video/video-staff.routes';
import { videoUploadRoutes } from './features/video/video-uploads.routes';
import type { VideoQueueSettings } from './features/video/video-jobs';
import { createStreamUrls } from './features/streams/stream-urls';
import { vipPackagesStaffRoutes } from './features/vip-packages/vip-packages-staff.routes';
import { createFirstScreenReader } from './features/web/first-screen';
import { notFoundHandler, webRoutes } from './features/web/web.routes';
import { createAccessTokens, createAuthenticator } from './http/auth';
import { clientErrorHandler, refuseHostileInput } from './http/hostile-input';
import { registerSecurityHeaders } from './http/security-headers';
import { registerErrorHandling } from './http/error-handler';
import type { Lifecycle } from './http/health';
import { loggingOptions } from './http/logging';
import { createNonceRepo } from './http/nonce.repo';
import { openNonceJournal } from './http/nonce-journal';
import { databaseNonceStore, journalledNonceStore } from './http/nonce-stores';
import { addOperations } from './http/operations';
import { responseSerializerCompiler } from './http/response-serializer';
import { addRequestSigning, type NonceStore } from './http/signing';
import { every } from './lib/every';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Defaults to the database; main.ts passes a Redis store when REDIS_URL is set. */
  nonces?: NonceStore;
  /** With REDIS_URL: shared flood-limit counters; readiness pings it. */
  redis?: Redis;
  /** Tests: payment providers to use instead of the configured ones (e.g. one that fails). */
  paymentProviders?: ProviderOverrides;
  /** DATABASE_READ_URL: the read replica catalogue reads go to. */
  readDatabase?: Database;
  /** main.ts flips it to draining on SIGTERM (readiness 503); Fastify's close flips it too. */
  lifecycle?: Lifecycle;
  /** Tests: where log lines go (JSON), whatever LOG_LEVEL says about silence. */
  logStream?: DestinationStream;
  /**
   * This process's worker-id lease (main.ts takes one on PostgreSQL): ids made here carry its
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
  }
}

/** Builds the whole app as a plugin tree, without listening: tests call `app.inject()`. */
export async function buildApp({
  config,
  database,
  nonces,
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

  registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: {
        title: '影库 API',
        description:
          'Every call under /prod-api. Calls under /v2 and /web carry the signing headers of SPEC §7 ' +
          '(x-timestamp, x-nonce, x-sign, x-encrypt); the envelope is { code, msg, data | rows, total }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });

  const { metrics } = await addOperations(app, { config, database, readDatabase, redis, lifecycle });
  const catalogueCache = countingCatalogueCache(
    createCatalogueCache(config.catalogueCacheMs),
    metrics.catalogueCache,
  );
  const nonceStore = nonces ?? (await databaseNonces(app, database, config.dataDir));
  const tokens = createAccessTokens(config.jwtSecret);
  const auth = createAuthenticator(tokens, createCallerLookup(database.db));
  const providers = createPaymentProviders(config.payments, paymentProviders, {
    warn: (message) => app.log.warn(message),
  });
  const newId = createIdGenerator({ workerId: () => workerLease.workerId() });
  const video =
    givenVideo ??
    createVideoRuntime({
      config,
      database,
      log: app.log,
      workerLease,
      ...(videoQueue ? { queue: videoQueue } : {}),
    });
  app.decorate('videoRuntime', video);
  app.addHook('onClose', () => video.close());
  // The embedded default runs the transcode worker in the server; PostgreSQL sites run `npm run worker`.
  if (config.media.inProcessWorker) app.addHook('onReady', () => video.startWorker());
  const services = await createAppServices({
    app,
    config,
    database,
    readDatabase,
    catalogueCache,
    redis,
    tokens,
    providers,
    newId,
    workerLease,
    videos: video.service,
  });
  // Pages carry their first screen's data, read through the catalogue's cache (decision 029).
  app.setNotFoundHandler(
    notFoundHandler(config, createFirstScreenReader(services.catalogue, config.imageHost, config.webDist)),
  );
  await app.register(
    async (api) => {
      api.get(API.openapi, { schema: { hide: true } }, async () => app.swagger());
      await api.register(paymentNotifyRoutes, { notifies: services.notifies });
      // Unsigned: tus clients send raw chunks (staff only, checked per request).
      await api.register(videoUploadRoutes, { auth, videos: video.service, config });
      await api.register(async (signed) => {
        addRequestSigning(signed, { signSecret: config.signSecret, appId: config.appId, nonces: nonceStore });
        await signed.register(catalogueRoutes, {
          catalogue: services.catalogue,
          library: services.library,
          auth,
          cacheTtlMs: catalogueCache.ttlMs,
          sendAnswer: createAnswerSender(catalogueCache),
        });
        await signed.register(accountsRoutes, { accounts: services.accounts, auth, config });
        await signed.register(libraryRoutes, { library: services.library, auth });
        await signed.register(sharedFolderRoutes, { library: services.library });
        await signed.register(reviewsRoutes, { reviews: services.reviews, auth });
        await signed.register(reviewsStaffRoutes, { reviews: services.reviews, auth });
        await signed.register(followsRoutes, { follows: services.follows, auth });
        await signed.register(ordersRoutes, { orders: services.orders, auth });
        await signed.register(activationCodeRoutes, { codes: services.activationCodes, auth });
        await signed.register(streamRoutes, { streams: services.streams, auth });
        await signed.register(videoStaffRoutes, { auth, videos: video.service });
        await signed.register(supportRoutes, { support: services.support, auth });
        await signed.register(supportStaffRoutes, { support: services.support, auth });
        await signed.register(ordersStaffRoutes, { orders: services.ordersStaff, auth });
        await signed.register(usersAdminRoutes, { users: services.usersAdmin, auth });
        await signed.register(vipPackagesStaffRoutes, { packages: services.vipPackages, auth });
        await signed.register(activationCodesStaffRoutes, { codes: services.activationCodes, auth });
        await signed.register(catalogueAdminRoutes, {
          admin: services.catalogueAdmin,
          imports: services.imports,
          auth,
        });
        // /web/cloud/… calls are signed like /v2 ones: the web client signs every call it makes.
        await signed.register(cloudDownloadRoutes, { downloads: services.cloudDownloads, auth });
        await signed.register(cloudDownloadsStaffRoutes, { downloads: services.cloudDownloads, auth });
      });
    },
    { prefix: API_BASE },
  );
  await app.register(mediaRoutes, { prefix: '/img', config });
  await app.register(videoMediaRoutes, {
    prefix: '/img',
    storage: video.storage,
    urls: createStreamUrls(config.jwtSecret),
  });
  if (providers.sandbox) {
    await app.register(sandboxPayRoutes, {
      orders: services.orderPayments,
      sandbox: providers.sandbox,
      notifies: services.notifies,
    });
  }
  await app.register(webRoutes, { config, payChannels: providers.channels });
  return app;
}

/**
 * Nonces in the database: on PostgreSQL claimed row by row (every instance sees them at once);
 * on PGlite, which only this process can open, claimed in memory and journalled to a file in
 * DATA_DIR at once.
 */
async function databaseNonces(
  app: FastifyInstance,
  database: Database,
  dataDir: string,
): Promise<NonceStore> {
  const repo = createNonceRepo(database.db);
  if (database.kind === 'postgres') {
    every(app, 60_000, 'nonce sweep', () => repo.deleteExpired());
    return databaseNonceStore(repo);
  }
  const journal = dataDir.startsWith('memory://')
    ? undefined
    : openNonceJournal(path.join(dataDir, 'nonce-journal'));
  const store = journalledNonceStore(repo, journal);
  await store.load();
  // A minute's nonces per journal file; forgetting the expired ones walks them all.
  every(app, 60_000, 'nonce sweep', async () => store.sweep());
  app.addHook('onClose', async () => journal?.close());
  return store;
}

/** Fastify's trustProxy from the config; a hop count trusts that many proxies nearest us. */
function trustProxyOption(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
