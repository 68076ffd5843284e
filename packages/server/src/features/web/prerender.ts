import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type FirstScreenData, PRERENDERED_ATTRIBUTE } from '@yingku/contract';

/** The web build's prerender: the first screen's markup at a path, from the page's data. */
export type Prerender = (pathname: string, data: FirstScreenData, imageHost: string) => Promise<string>;

/** Where `npm run build` writes the prerender (`vite build --ssr`): beside the web build, not in it. */
export const prerenderFile = (webDist: string) =>
  path.join(path.dirname(webDist), 'dist-ssr', 'prerender.cjs');

/**
 * The web build's prerender module (decision 033), loaded on first use (≈ 5 MB of bundled
 * JavaScript: about half a second, once per process); undefined when the build has none (an older
 * build, `npm run dev`) or it does not load. Loaded with `require`, as a CommonJS file: a test
 * runner's module loader would otherwise transform the whole bundle again in every test file.
 */
export function prerenderOf(webDist: string): Prerender | undefined {
  const file = prerenderFile(webDist);
  if (!existsSync(file)) return undefined;
  let loaded: { prerender: Prerender } | { error: unknown } | undefined;
  return async (pathname, data, imageHost) => {
    try {
      loaded ??= { prerender: (createRequire(import.meta.url)(file) as { prerender: Prerender }).prerender };
    } catch (error) {
      loaded = { error };
    }
    if ('error' in loaded) throw loaded.error;
    return loaded.prerender(pathname, data, imageHost);
  };
}

/** index.html's `#root` with its boot splash, as the web build writes it. */
const ROOT = /<div id="root">(?:<div class="boot-splash"[^>]*>[^<]*<\/div>)?<\/div>/;

/**
 * The page with `markup` in `#root` instead of the boot splash, flagged for the app to hydrate;
 * the page as it is when it has no `#root` of the known shape.
 */
export function withPrerendered(html: string, markup: string): string {
  // A function replacement: `$` in the markup (a title, a price) is no pattern.
  return html.replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="">${markup}</div>`);
}
