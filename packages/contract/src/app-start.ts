/**
 * The page's list of the app's code (decision 034): a `<script type="application/json">` block
 * with this id, written by the web build and read by its start script (`/assets/start-*.js`),
 * which loads the app once the page has painted. The server adds a screen's chunks to it.
 */
export const APP_START_ELEMENT_ID = 'app-start';

/** What the start script loads: the app's entry module and the modules it imports. */
export interface AppStart {
  entry: string;
  /** Fetched beside the entry (`<link rel="modulepreload">`), so no import waits on another. */
  modules: string[];
}

const APP_START_BLOCK = new RegExp(
  `(<script type="application/json" id="${APP_START_ELEMENT_ID}">)([^<]*)(</script>)`,
);

/** The block that carries `start`; `<` is escaped, so nothing in it can close the element. */
export function appStartBlock(start: AppStart): string {
  const json = JSON.stringify({ entry: start.entry, modules: start.modules }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${APP_START_ELEMENT_ID}">${json}</script>`;
}

/** The page's start list; undefined when it has none (a page of another shape). */
export function appStartOf(html: string): AppStart | undefined {
  const found = APP_START_BLOCK.exec(html);
  if (!found) return undefined;
  const value = JSON.parse(found[2]!) as Partial<AppStart>;
  if (typeof value.entry !== 'string' || !Array.isArray(value.modules)) return undefined;
  return { entry: value.entry, modules: value.modules.filter((m): m is string => typeof m === 'string') };
}

/** The page with `modules` added to its start list (once each); a page without a list as it is. */
export function withAppStartModules(html: string, modules: readonly string[]): string {
  const start = appStartOf(html);
  if (!start || modules.length === 0) return html;
  const all = { entry: start.entry, modules: [...new Set([...start.modules, ...modules])] };
  return html.replace(APP_START_BLOCK, () => appStartBlock(all));
}
