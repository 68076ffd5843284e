import type { Plugin } from 'vite';

/**
 * antd-mobile's index module says it has side effects (it loads the global styles), so rolldown
 * counts every component it re-exports among the modules the first page imports (the `$initial`
 * tag of the vendor chunk) — the console's forms and pickers included. Resolved as free of side
 * effects, only the components a module really imports count; main.tsx loads the global styles
 * (`antd-mobile/es/global`) itself. Decision 018.
 */
export function antdMobileBarrelWithoutSideEffects(): Plugin {
  return {
    name: 'yingku:antd-mobile-barrel',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'antd-mobile') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

const LEGACY_RENDER = '\0yingku:antd-mobile-legacy-render';

/**
 * antd-mobile's default imperative render (Toast, Dialog…) is React 18's, through rc-util, with
 * a regenerator runtime: about 3 KB gzip on the first page. The app replaces it at start
 * (app/antd-mobile-react19.ts, `unstableSetRender`) before anything renders, because React 19
 * has no legacy render; so the default is never called and a stub stands in for it. Should the
 * replacement ever go missing, the stub says so. Decision 018.
 */
export function antdMobileWithoutLegacyRender(): Plugin {
  return {
    name: 'yingku:antd-mobile-legacy-render',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromUnstableRender = /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(importer ?? '');
      return fromUnstableRender && source === './render' ? LEGACY_RENDER : null;
    },
    load(id) {
      if (id !== LEGACY_RENDER) return null;
      return [
        'function replaced() {',
        "  throw new Error('antd-mobile rendered before unstableSetRender (app/antd-mobile-react19.ts)');",
        '}',
        'export const render = replaced;',
        'export const unmount = replaced;',
      ].join('\n');
    },
  };
}
