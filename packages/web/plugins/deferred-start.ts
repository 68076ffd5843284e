import { readFileSync } from 'node:fs';
import path from 'node:path';
// By file: Vite loads this config with Node, which cannot import the contract package's TypeScript
// entry; a relative file is bundled into the config instead.
import { appStartBlock } from '../../contract/src/app-start.ts';
import { DISCREET_ATTRIBUTE, DISCREET_COOKIE } from '../../contract/src/discreet.ts';
import { minifySync, type Plugin } from 'vite';

/** The start script's source: a classic script, so it runs with `defer` and the CSP's 'self'. */
const START_SCRIPT = path.join(import.meta.dirname, 'start-script.js');

const MODULE_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The app starts once the page has painted (decision 034). index.html's module entry and its
 * modulepreloads become the page's start list (`#app-start`, a JSON block) and a small deferred
 * start script (`/assets/start-*.js`), which fetches and runs them after the page's load event
 * and a frame. The stylesheets stay as they are: the first paint needs them.
 */
export function deferredStart(): Plugin {
  return {
    name: 'yingku:deferred-start',
    apply: 'build',
    // After Vite has written index.html's tags (vite:build-html), before the manifest.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const source = String(html.source);
      const entry = MODULE_ENTRY.exec(source);
      if (!entry) throw new Error('index.html has no module entry for the start script to load');
      const modules = [...source.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
      const { code } = minifySync('start.js', startScript());
      const script = this.emitFile({ type: 'asset', name: 'start.js', source: code });
      const tags =
        `${appStartBlock({ entry: entry[1]!, modules })}\n    ` +
        `<script defer src="/${this.getFileName(script)}"></script>\n    `;
      html.source = source.replace(MODULE_PRELOAD, '').replace(MODULE_ENTRY, tags);
    },
  };
}

/** The start script with the contract's names written in: 隐私模式's cookie and page attribute. */
export function startScript(): string {
  const names = { DISCREET_COOKIE, DISCREET_ATTRIBUTE };
  let source = readFileSync(START_SCRIPT, 'utf8');
  for (const [placeholder, name] of Object.entries(names)) {
    if (!source.includes(`'${placeholder}`)) throw new Error(`the start script has no ${placeholder}`);
    source = source.replaceAll(`'${placeholder}`, `'${name}`);
  }
  return source;
}
