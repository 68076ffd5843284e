import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import type { WorkerLease } from './db/worker-lease';
import { createAccountsService } from './features/accounts/accounts.service';
import { createDeletionService } from './features/account-deletion/deletion.service';
import { createExportService } from './features/account-export/export.service';
import { createRecoveryService } from './features/account-recovery/recovery.service';
import { createMailer } from './features/mail/mailer';
import { createActivationCodesService } from './features/activation-codes/activation-codes.service';
import type { CatalogueCache } from './features/catalogue/catalogue.cache';
import { createCatalogueService } from './features/catalogue/catalogue.service';
import {
  failoverSearchCache,
  memorySearchCache,
  redisSearchCache,
  type SearchCache,
} from './features/catalogue/search/cache';
import { createCatalogueAdminService } from './features/catalogue-admin/catalogue-admin.service';
import { createImportJobsService } from './features/catalogue-admin/import-jobs.service';
import type { CloudDownloadsService } from './features/cloud-downloads/cloud-downloads.service';
import { createFollowsService } from './features/follows/follows.service';
import { createLibraryService } from './features/library/library.service';
import { createReviewsService } from './features/reviews/reviews.service';
import { createOrderPaymentsService } from './features/orders/order-payments.service';
import { createOrdersService } from './features/orders/orders.service';
import { createOrdersStaffService } from './features/orders/orders-staff.service';
import { createMembershipService } from './features/membership/membership.service';
import { createPaymentNotifyService } from './features/payments/payment-notify.service';
import type { PaymentProviders } from './features/payments/providers';
import { createMediaTokens } from './features/streams/media-tokens';
import { databaseStreamSlots, failoverStreamSlots, redisStreamSlots } from './features/streams/stream-slots';
import { createStreamUrls } from './features/streams/stream-urls';
import { createStreamsService } from './features/streams/streams.service';
import { createSupportService } from './features/support/support.service';
import { createTwoFactorService } from './features/two-factor/two-factor.service';
import { createUsersAdminService } from './features/users-admin/users-admin.service';
import type { StaffAudit } from './features/staff-audit/audit.service';
import type { VideoService } from './features/video/video.service';
import { createVipPackagesService } from './features/vip-packages/vip-packages.service';
import type { AccessTokens } from './http/auth';
import type { AppMetrics } from './http/metrics';
import { every } from './lib/every';
import { runBackfills } from './db/migrate';
import type { RedisLink } from './redis/redis-link';

export interface AppServicesDeps {
  /** Its logger, and the hooks that start and stop what runs in the background. */
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  /** DATABASE_READ_URL: the catalogue's reads go there. */
  readDatabase?: Database | undefined;
  /** With Redis: stream places and the search cache are shared there while it answers. */
  redis?: RedisLink | undefined;
  /** The app's one read cache, which the console's writers clear (decision 006). */
  catalogueCache: CatalogueCache;
  tokens: AccessTokens;
  providers: PaymentProviders;
  /** Ids bound to this process's worker id. */
  newId: () => string;
  workerLease: WorkerLease;
  videos: VideoService;
  /** Built before the video runtime, which fulfils members' requests when a video is made. */
  cloudDownloads: CloudDownloadsService;
  /** The audit log every console change writes to (features/staff-audit). */
  staffAudit: StaffAudit;
  metrics: AppMetrics;
}

/** How often expired login-limit rows are swept. */
const LOGIN_LIMITS_SWEEP_MS = 10 * 60_000;
/** How often what is kept past its time is removed (docs/operations.md#what-is-kept). */
const RETENTION_SWEEP_MS = 60 * 60_000;
/** The migrations' backfills go on every few seconds, a short round at a time (decision 076). */
const BACKFILL_EVERY_MS = 10_000;

/**
 * Every feature's service, built once for the app (decision 040): routes receive the ones they
 * call and build none; repos stay inside their feature's service. The background work a service
 * owns starts and stops with the app here.
 */
export async function createAppServices(deps: AppServicesDeps) {
  const { app, config, database, catalogueCache, providers, newId, workerLease } = deps;
  const db = database.db;
  // Services other services call: one of each, handed to them.
  const membership = createMembershipService(db);
  const { staffAudit } = deps;
  const audit = staffAudit.record;
  const vipPackages = createVipPackagesService({ db, audit });
  const orderPayments = createOrderPaymentsService(db);
  const notifies = createPaymentNotifyService({
    db,
    providers,
    log: app.log,
    orders: orderPayments,
    membership,
    metrics: deps.metrics,
  });

  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', () => mailer.close());
  const accounts = createAccountsService({
    db,
    captchaEnabled: config.captchaEnabled,
    tokens: deps.tokens,
    log: app.log,
    onRegistered: (userId) => recovery.registered(userId),
    cancelDeletion: (userId) => deletion.cancelOnLogin(userId),
    retentionDays: config.retentionDays,
    secondFactorTicket: (userId) => twoFactor.loginTicket(userId),
    metrics: deps.metrics,
  });
  const twoFactor = createTwoFactorService({
    db,
    key: config.twoFactorKey,
    log: app.log,
    guesses: accounts.confirmationGuesses,
    finishLogin: (userId, client) => accounts.finishSecondFactorLogin(userId, client),
    metrics: deps.metrics,
  });
  const recovery = createRecoveryService({
    db,
    mailer,
    siteUrl: config.mail.siteUrl,
    checkCaptcha: (uuid, code) => accounts.checkCaptcha(uuid, code),
    log: app.log,
    audit,
  });
  every(app, LOGIN_LIMITS_SWEEP_MS, 'login limits sweep', () => accounts.sweepLoginLimits());
  every(app, LOGIN_LIMITS_SWEEP_MS, 'mailed links sweep', () => recovery.sweep());
  every(app, LOGIN_LIMITS_SWEEP_MS, 'two-factor tickets sweep', () => twoFactor.sweep());
  every(app, RETENTION_SWEEP_MS, 'retention sweep', () => scheduledJobs.retention());

  // Built here, as 注销账号 removes their rows with the counters they feed.
  const library = createLibraryService(db, config.jwtSecret);
  const reviews = createReviewsService({ db, audit });
  const deletion = createDeletionService({
    db,
    log: app.log,
    coolingOffDays: config.accountDeletionDays,
    forgetters: [library, reviews, twoFactor],
    onDeleted: () => catalogueCache.clear(),
  });
  every(app, RETENTION_SWEEP_MS, 'account deletions', () => deletion.runDue());
  const scheduledJobs = {
    retention: () => accounts.sweepRetention(),
    accountDeletions: () => deletion.runDue(),
    backfills: async () => {
      const filled = await runBackfills(db);
      if (Object.values(filled).some((rows) => rows > 0)) app.log.info({ filled }, 'migration backfills');
      return filled;
    },
  };
  every(app, BACKFILL_EVERY_MS, 'migration backfills', () => scheduledJobs.backfills());

  // Which devices stream on each account: where every server sees them (Redis, else the
  // database). The table is swept with Redis too: it holds what an outage of Redis put there.
  const databaseSlots = databaseStreamSlots(db);
  const streamSlots = deps.redis
    ? failoverStreamSlots(
        deps.redis,
        redisStreamSlots(deps.redis.client, config.redisKeyPrefix),
        databaseSlots,
      )
    : databaseSlots;
  every(app, 60_000, 'stream slot sweep', databaseSlots.sweep);
  deps.metrics.readActiveStreams(() => streamSlots.active());

  const imports = createImportJobsService({
    db,
    audit,
    log: app.log,
    onFinish: () => catalogueCache.clear(),
    lease: workerLease,
    newId,
  });
  // On PGlite no other process opens the database: jobs left running were cut off by a stop.
  if (database.kind === 'pglite') await imports.failAbandoned();
  app.addHook('onClose', () => imports.close());

  return {
    accounts,
    activationCodes: createActivationCodesService({
      db,
      membership,
      packages: vipPackages,
      minting: { audit, dailyCap: config.staffTrust.codesDailyCap },
    }),
    audit: staffAudit,
    catalogue: createCatalogueService({
      database: deps.readDatabase ?? database,
      searchCache: searchCache(config, deps.redis),
    }),
    catalogueAdmin: createCatalogueAdminService({ db, onChange: () => catalogueCache.clear(), audit }),
    exports: createExportService({ db, log: app.log }),
    cloudDownloads: deps.cloudDownloads,
    follows: createFollowsService(database),
    imports,
    deletion,
    // Folder share links are signed with the server's own secret (the token one), never the client's.
    library,
    notifies,
    orderPayments,
    orders: createOrdersService({
      db,
      providers,
      notifies,
      log: app.log,
      providerTimeoutMs: config.payments.providerTimeoutMs,
      newId,
    }),
    ordersStaff: createOrdersStaffService(db),
    recovery,
    reviews,
    scheduledJobs,
    streams: createStreamsService({
      db,
      urls: createStreamUrls(createMediaTokens(config.media.signingKeys), config.media.cdn, config.imageHost),
      videos: deps.videos,
      slots: streamSlots,
      devicesPerVip: config.media.streamsPerVip,
      metrics: deps.metrics,
    }),
    support: createSupportService({ db, audit }),
    twoFactor,
    usersAdmin: createUsersAdminService({ db, audit, twoFactor }),
    vipPackages,
  };
}

/** Keyword searches' shared answers: in Redis when there is one (and it answers), else in this process. */
function searchCache(config: AppConfig, redis: RedisLink | undefined): SearchCache | undefined {
  if (config.searchCacheMs <= 0) return undefined;
  const local = memorySearchCache(config.searchCacheMs);
  if (!redis) return local;
  return failoverSearchCache(
    redis,
    redisSearchCache(redis.client, config.searchCacheMs, config.redisKeyPrefix),
    local,
  );
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
