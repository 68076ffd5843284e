import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Where the list is written, at the site's root; public/sw.js reads it (decision 018). */
export const OFFLINE_ASSETS_FILE = 'offline-assets.json';

/**
 * Lazily loaded code a visitor's offline shell does without: the player's hls.js, the WeChat QR,
 * the console, and 繁體中文's dictionary (100 KiB gzip that only its readers load).
 */
const NOT_OFFLINE =
  /node_modules[\\/](?:hls\.js|qrcode)[\\/]|[\\/]src[\\/](?:features[\\/]admin[\\/]|session[\\/]traditional\.ts$)/;

/** Every chunk a visitor's screens load, first page and lazy routes, with its stylesheets. */
export function visitorAssets(bundle: OutputBundle): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || seen.has(fileName)) return;
    if (chunk.isDynamicEntry && NOT_OFFLINE.test(chunk.facadeModuleId ?? '')) return;
    seen.add(fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const files = [...seen].flatMap((fileName) => [
    fileName,
    ...(chunks.get(fileName)?.viteMetadata?.importedCss ?? []),
  ]);
  return [...new Set(files)].map((file) => `/${file}`).sort();
}

/**
 * Writes `offline-assets.json`: the hashed files of every screen a visitor can open. With the
 * screens split into chunks loaded on demand, the service worker stores these beside the shell
 * when it installs, so the app still opens any visitor screen offline, as it did when all of
 * them were in the first page's files.
 */
export function offlineAssets(): Plugin {
  return {
    name: 'yingku:offline-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: OFFLINE_ASSETS_FILE,
        source: `${JSON.stringify(visitorAssets(bundle), null, 1)}\n`,
      });
    },
  };
}
