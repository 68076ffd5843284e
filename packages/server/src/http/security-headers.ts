import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

type HeaderConfig = Pick<AppConfig, 'payments' | 'imageHost'>;

/**
 * Sets helmet's headers ({@link securityHeaders}) on every answer. helmet turns its options into
 * header values once, when `helmet(options)` is called; @fastify/helmet called it again for every
 * request, parsing the CSP directives each time (an eighth of what a search suggestion allocated,
 * docs/decisions/048-security-headers-once.md). Here it is called once, at start.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: HeaderConfig,
  mediaOrigins: readonly string[] = [],
): void {
  const setHeaders = helmet(securityHeaders(config, mediaOrigins));
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * helmet's options: a strict CSP and the usual headers. `mediaOrigins` are where streams,
 * posters and previews come from besides this site (the bucket or the CDN, from the media
 * settings): hls.js fetches playlists and segments from them (connect-src), Safari's player
 * and the preview play from them (media-src), the poster is drawn from them (img-src). Two of helmet's defaults only make sense
 * on a site served over https, and blank the site over plain http on any host but localhost:
 * `upgrade-insecure-requests` sends the page's CSS, JS and /app-config.js to https (where nothing
 * listens), and HSTS pins the browser to https (and Chromium ignores Cross-Origin-Opener-Policy
over http with an error). They are sent only when PUBLIC_URL is https —
 * `npm start` on a LAN address, reached from a phone, is plain http.
 */
export function securityHeaders(config: HeaderConfig, mediaOrigins: readonly string[] = []): HelmetOptions {
  const https = config.payments.publicUrl.startsWith('https://');
  const images = imageOrigin(config.imageHost);
  const media = mediaOrigins.filter((origin) => !images.includes(origin));
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...images, ...media],
        mediaSrc: ["'self'", 'blob:', ...images, ...media],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...mediaOrigins],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // Ignored on an http origin (other than localhost), with an error in the console.
    crossOriginOpenerPolicy: https ? { policy: 'same-origin' } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
}

function imageOrigin(imageHost: string): string[] {
  try {
    return /^https?:\/\//.test(imageHost) ? [new URL(imageHost).origin] : [];
  } catch {
    return [];
  }
}
