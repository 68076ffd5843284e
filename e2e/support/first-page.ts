import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The build the test server serves (E2E_WEB_DIST when set: see server.ts).
const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../packages/web/dist');

/**
 * The JavaScript a first visit loads before the app runs: the `<script type="module">` entries and
 * `<link rel="modulepreload">` chunks of the built index.html, as site paths (`/assets/…`).
 */
export function firstPageScripts(): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...scripts, ...preloads])];
}

/** Bytes of a built file (site path) after gzip at the default level. */
export function gzipSize(sitePath: string): number {
  return gzipSync(readFileSync(path.join(webDist, sitePath))).length;
}
