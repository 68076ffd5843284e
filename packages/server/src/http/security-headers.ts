import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '../config';

/**
 * helmet's options: a strict CSP and the usual headers. Two of helmet's defaults only make sense
 * on a site served over https, and blank the site over plain http on any host but localhost:
 * `upgrade-insecure-requests` sends the page's CSS, JS and /app-config.js to https (where nothing
 * listens), and HSTS pins the browser to https (and Chromium ignores Cross-Origin-Opener-Policy
over http with an error). They are sent only when PUBLIC_URL is https —
 * `npm start` on a LAN address, reached from a phone, is plain http.
 */
export function securityHeaders(config: Pick<AppConfig, 'payments' | 'imageHost'>): FastifyHelmetOptions {
  const https = config.payments.publicUrl.startsWith('https://');
  const images = imageOrigin(config.imageHost);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...images],
        mediaSrc: ["'self'", 'blob:', ...images],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
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
