import { API, API_BASE } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from './app-services';
import type { AppConfig } from './config';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { deletionRoutes } from './features/account-deletion/deletion.routes';
import { exportRoutes } from './features/account-export/export.routes';
import { recoveryRoutes } from './features/account-recovery/recovery.routes';
import { activationCodeRoutes } from './features/activation-codes/activation-codes.routes';
import { activationCodesStaffRoutes } from './features/activation-codes/activation-codes-staff.routes';
import { type CatalogueCache, cachedReads, createAnswerSender } from './features/catalogue/catalogue.cache';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { catalogueAdminRoutes } from './features/catalogue-admin/catalogue-admin.routes';
import { cloudDownloadRoutes } from './features/cloud-downloads/cloud-downloads.routes';
import { cloudDownloadsStaffRoutes } from './features/cloud-downloads/cloud-downloads-staff.routes';
import { demoMediaRoutes } from './features/demo-media/demo-media.routes';
import { followsRoutes } from './features/follows/follows.routes';
import { libraryRoutes, sharedFolderRoutes } from './features/library/library.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { ordersStaffRoutes } from './features/orders/orders-staff.routes';
import { paymentNotifyRoutes } from './features/payments/payment-notify.routes';
import type { PaymentProviders } from './features/payments/providers';
import { sandboxPayRoutes } from './features/payments/sandbox-pay.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { reviewsStaffRoutes } from './features/reviews/reviews-staff.routes';
import { createMediaTokens } from './features/streams/media-tokens';
import { streamRoutes } from './features/streams/streams.routes';
import { supportStaffRoutes } from './features/support/support-staff.routes';
import { supportRoutes } from './features/support/support.routes';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes';
import { usersAdminRoutes } from './features/users-admin/users-admin.routes';
import { auditRoutes } from './features/staff-audit/audit.routes';
import { videoMediaRoutes } from './features/video/video-media.routes';
import type { VideoRuntime } from './features/video/video-runtime';
import { videoStaffRoutes } from './features/video/video-staff.routes';
import { videoUploadRoutes } from './features/video/video-uploads.routes';
import { vipPackagesStaffRoutes } from './features/vip-packages/vip-packages-staff.routes';
import { createFirstScreenReader } from './features/web/first-screen';
import { notFoundHandler, webRoutes } from './features/web/web.routes';
import type { Authenticator } from './http/auth';
import { addRequestSigning, type NonceStore } from './http/signing';

/** What the routes are given: the services and the few pieces of the infrastructure they read. */
export interface RouteDeps {
  config: AppConfig;
  services: AppServices;
  auth: Authenticator;
  video: VideoRuntime;
  catalogueCache: CatalogueCache;
  nonces: NonceStore;
  providers: PaymentProviders;
}

/**
 * Every route of the site, each feature's plugin given the services it uses under their own
 * names: the unsigned calls (payment notices, tus uploads), the signed /v2 and /web calls
 * (docs/product.md §7), the media under /img, and the pages. buildApp makes what they run on.
 */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, services, auth, video, catalogueCache, nonces, providers } = deps;
  // Pages carry their first screen's data, read as objects through the catalogue's cache
  // (decision 029); signed-in details share those objects.
  const catalogueObjects = cachedReads(services.catalogue, catalogueCache);
  app.setNotFoundHandler(
    notFoundHandler(config, createFirstScreenReader(catalogueObjects, config.imageHost, config.webDist)),
  );
  await app.register(
    async (api) => {
      api.get(API.openapi, { schema: { hide: true } }, async () => app.swagger());
      await api.register(paymentNotifyRoutes, { notifies: services.notifies });
      // Unsigned: tus clients send raw chunks (staff only, checked per request).
      await api.register(videoUploadRoutes, { auth, videos: video.service, config });
      await api.register(async (signed) => {
        addRequestSigning(signed, { signSecret: config.signSecret, appId: config.appId, nonces });
        await signed.register(catalogueRoutes, {
          catalogue: services.catalogue,
          cached: catalogueObjects,
          library: services.library,
          auth,
          cacheTtlMs: catalogueCache.ttlMs,
          sendAnswer: createAnswerSender(catalogueCache),
        });
        await signed.register(accountsRoutes, { accounts: services.accounts, auth, config });
        await signed.register(recoveryRoutes, { recovery: services.recovery, auth, config });
        await signed.register(twoFactorRoutes, { twoFactor: services.twoFactor, auth, config });
        await signed.register(exportRoutes, { exports: services.exports, auth });
        await signed.register(deletionRoutes, { deletion: services.deletion, auth, config });
        await signed.register(libraryRoutes, { library: services.library, auth });
        await signed.register(sharedFolderRoutes, { library: services.library });
        await signed.register(reviewsRoutes, { reviews: services.reviews, auth });
        await signed.register(reviewsStaffRoutes, { reviews: services.reviews, auth });
        await signed.register(followsRoutes, { follows: services.follows, auth });
        await signed.register(ordersRoutes, { orders: services.orders, auth });
        await signed.register(activationCodeRoutes, { activationCodes: services.activationCodes, auth });
        await signed.register(streamRoutes, { streams: services.streams, auth });
        await signed.register(videoStaffRoutes, { auth, videos: video.service });
        await signed.register(supportRoutes, { support: services.support, auth });
        await signed.register(supportStaffRoutes, { support: services.support, auth });
        await signed.register(ordersStaffRoutes, { ordersStaff: services.ordersStaff, auth });
        await signed.register(usersAdminRoutes, {
          usersAdmin: services.usersAdmin,
          recovery: services.recovery,
          auth,
        });
        await signed.register(vipPackagesStaffRoutes, { vipPackages: services.vipPackages, auth });
        await signed.register(auditRoutes, { audit: services.audit, auth });
        await signed.register(activationCodesStaffRoutes, {
          activationCodes: services.activationCodes,
          auth,
        });
        await signed.register(catalogueAdminRoutes, {
          catalogueAdmin: services.catalogueAdmin,
          imports: services.imports,
          auth,
        });
        // /web/cloud/… calls are signed like /v2 ones: the web client signs every call it makes.
        await signed.register(cloudDownloadRoutes, { cloudDownloads: services.cloudDownloads, auth });
        await signed.register(cloudDownloadsStaffRoutes, { cloudDownloads: services.cloudDownloads, auth });
      });
    },
    { prefix: API_BASE },
  );
  await app.register(demoMediaRoutes, { prefix: '/img' });
  await app.register(videoMediaRoutes, {
    prefix: '/img',
    storage: video.storage,
    tokens: createMediaTokens(config.media.signingKeys),
    cdn: config.media.cdn,
  });
  if (providers.sandbox) {
    await app.register(sandboxPayRoutes, {
      orderPayments: services.orderPayments,
      sandbox: providers.sandbox,
      notifies: services.notifies,
    });
  }
  await app.register(webRoutes, { config, payChannels: providers.channels });
}
