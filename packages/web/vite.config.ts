import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { antdMobileBarrelWithoutSideEffects, antdMobileWithoutLegacyRender } from './plugins/antd-mobile.ts';
import { buildSummary } from './plugins/build-summary.ts';
import { deferredStart } from './plugins/deferred-start.ts';
import { offlineAssets } from './plugins/offline-assets.ts';
import { precompress } from './plugins/precompress.ts';
import { traditionalPhrases } from './plugins/traditional-phrases.ts';

/**
 * React Router's production build. Its package.json points every import at dist/development
 * (remix-run/react-router#12532, #14102), whose only difference is that its development warnings
 * are on: in the browser they cost 0.6 KiB gzip of every first screen and warn visitors' consoles.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Where `npm run dev` finds the API server (packages/server, port 8080). */
const apiServer = 'http://localhost:8080';

/**
 * The server's prerender (decision 033), `vite build --ssr`: src/prerender.tsx into
 * dist-ssr/prerender.cjs, one file with its libraries bundled (antd-mobile's modules import their
 * stylesheets, which Node cannot load), for the server to import. Outside `dist`, which is served.
 */
const ssrBuild = {
  plugins: [
    antdMobileBarrelWithoutSideEffects(),
    antdMobileWithoutLegacyRender(),
    react(),
    traditionalPhrases(),
    buildSummary(),
  ],
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: false, format: 'cjs', entryFileNames: 'prerender.cjs' } },
  },
} satisfies UserConfig;

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild ? ssrBuild : browserBuild),
  // A build prints its warnings and buildSummary's one line, not a line per file written;
  // `vite build --logLevel info` prints Vite's table again. The dev server keeps its own lines.
  ...(command === 'build' && { logLevel: 'warn' as const }),
}));

const browserBuild = {
  plugins: [
    antdMobileBarrelWithoutSideEffects(),
    antdMobileWithoutLegacyRender(),
    react(),
    traditionalPhrases(),
    offlineAssets(),
    deferredStart(),
    precompress(),
    buildSummary(),
  ],
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  server: {
    port: 5173,
    proxy: {
      '/prod-api': apiServer,
      '/img': apiServer,
      '/app-config.js': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the site supports knows <link rel="modulepreload">; the polyfill was 0.6 KiB
    // of the first page's JavaScript for none of them (decision 028).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server preloads a work detail's chunks from it (decision 029).
    manifest: true,
    assetsDir: 'assets',
    emptyOutDir: true,
    // hls.js (≈ 580 kB, 180 kB gzipped) is the largest chunk, and only the player loads it, on
    // first play; the first page's JavaScript is measured by `npm run bench:web` instead.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The first page (/ and /index) loads three files and rolldown's small runtime: `index`
        // (the app code it runs), `react` and `vendor` (the libraries it runs). Libraries change far less often than
        // the app: in chunks of their own, a release that only touches app code leaves them
        // cached (browser and service worker alike). Every other screen is a lazy route whose
        // code rolldown splits by use (decision 018).
        codeSplitting: {
          // Common chunks under 14 kB (before minifying) are copied into the chunks that import
          // them instead of being files of their own: a list or detail screen went from 17–38
          // requests to 7–8, each a round trip on a slow network, for a few KiB copied twice
          // (decision 028).
          experimentalInlineCommonChunks: { maxSize: 14_000 },
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Only what the first page loads ($initial; see plugins/antd-mobile.ts for why that
            // needs help): libraries that only lazily loaded code uses — hls.js (the player, on
            // first play), qrcode (the WeChat Pay QR), zod, antd-mobile's forms and popups, and
            // any only the operators' console needs — stay in chunks of their own, out of the
            // one every visitor downloads.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!hls\.js[\\/])/,
              tags: ['$initial'],
              priority: 1,
            },
            // The app code the first page runs (everything else it imports), in the entry chunk
            // with main.tsx: without this, what lazy screens share with it would become small
            // chunks of their own, each one more request before the first page can start.
            {
              name: 'index',
              test: /^(?!.*node_modules)/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
} satisfies UserConfig;
