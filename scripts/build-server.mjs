// The server compiled to plain JavaScript, which `npm start` and `npm run worker` run with plain
// `node` (decision 050). esbuild bundles the server's modules and the contract's TypeScript
// source into packages/server/dist/ — main.js, worker.js and migrate.js, the code they share in chunks —
// and leaves every package from node_modules an import, loaded by Node as it is. Lazy imports
// stay lazy (chunks of their own). Run by `npm run build`, and by `npm start` when the sources
// are newer than the build.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Where the compiled server goes; `<entry>.js` for each entry. */
export const SERVER_DIST = path.join(root, 'packages/server/dist');

/** What the build reads: newer files here than dist/main.js make the build stale. */
export const SERVER_INPUTS = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'scripts/build-server.mjs',
].map((p) => path.join(root, p));

/**
 * Compiles the server and its worker into {@link SERVER_DIST}, replacing what was there; a test
 * that must not race a build beside it gives a folder of its own, also one level below
 * packages/server (src/server-dir.ts finds the package from there).
 */
export async function buildServer(outdir = SERVER_DIST) {
  // Loaded here, not above: `npm start` reads this module's paths at every start, and builds rarely.
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'packages/server/src/main.ts',
      worker: 'packages/server/src/worker.ts',
      migrate: 'packages/server/src/migrate.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // The contract is a workspace package whose exports are TypeScript: compiled in, not imported.
    alias: { '@yingku/contract': './packages/contract/src/index.ts' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// `node scripts/build-server.mjs [OUTDIR]`
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer(process.argv[2]);
