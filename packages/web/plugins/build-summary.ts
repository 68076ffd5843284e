import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One line per build in place of Vite's table of every file it wrote (≈ 130 lines, twice with
 * the prerender, at a newcomer's first `npm start`): where it went, how many files, how large,
 * how long. The config turns Vite's own info lines off for builds (`logLevel: 'warn'`), so its
 * warnings still show, and stand out; `vite build --logLevel info` prints the table again.
 */
export function buildSummary(): Plugin {
  let startedAt = 0;
  return {
    name: 'yingku:build-summary',
    apply: 'build',
    buildStart() {
      startedAt = performance.now();
    },
    writeBundle(options, bundle) {
      const files = Object.values(bundle);
      const bytes = files.reduce(
        (sum, file) =>
          sum + (file.type === 'chunk' ? Buffer.byteLength(file.code) : Buffer.byteLength(file.source)),
        0,
      );
      const { root } = this.environment.config;
      const outDir = path.relative(root, options.dir ?? path.dirname(options.file ?? root));
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      const size = `${(bytes / 1000).toLocaleString('en', { maximumFractionDigits: 0 })} kB`;
      console.log(
        `Built ${outDir}/: ${files.length} ${files.length === 1 ? 'file' : 'files'}, ${size}, in ${seconds} s`,
      );
    },
  };
}
