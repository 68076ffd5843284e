import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the API server (packages/server, port 8080). */
const apiServer = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
    assetsDir: 'assets',
    emptyOutDir: true,
    // hls.js (≈ 580 kB, 180 kB gzipped) is the largest chunk, and only the player loads it, on
    // first play; the first page's JavaScript is measured by `npm run bench` instead.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: in chunks of their own, a release that
        // only touches app code leaves them cached (browser and service worker alike).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Only what the first page loads ($initial): libraries that only lazily loaded code
            // uses — hls.js (the player, on first play), qrcode (the WeChat Pay QR) and any
            // only the operators' console needs (a lazy route) — stay in chunks of their own,
            // out of the one every visitor downloads.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!hls\.js[\\/])/,
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
