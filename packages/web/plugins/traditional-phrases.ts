import type { Plugin } from 'vite';
import { phrasesCharactersMiss } from '../src/session/traditional-converter.ts';

const ID = 'virtual:traditional-phrases';

/**
 * `virtual:traditional-phrases`: the part of OpenCC's phrase dictionary that 繁體中文 needs beside
 * its character dictionary (decision 046), picked when the app is built: 190 kB where the whole
 * is 1 MB, in the chunk only 繁體 readers load. The prerender (the SSR build) has it empty.
 */
export function traditionalPhrases(): Plugin {
  return {
    name: 'yingku-traditional-phrases',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id, options) {
      if (id !== `\0${ID}`) return undefined;
      // The server's prerender never shows a page converted.
      if (options?.ssr) return 'export default "";';
      const { default: stPhrases } = (await import('opencc-js/dict/STPhrases')) as { default: string };
      return `export default ${JSON.stringify(phrasesCharactersMiss(stPhrases))};`;
    },
  };
}
