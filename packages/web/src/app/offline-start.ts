/** How often a page started without its config asks whether the site answers again. */
export const SITE_RECHECK_MS = 15_000;

export interface OfflineStartDeps {
  /** Whether the site answers now (any HTTP status; only a network failure does not). */
  siteAnswers: () => Promise<boolean>;
  /** Loads the page anew (with its config this time). */
  reload: () => void;
  /** Calls `listener` on each of the browser's `online` events; returns the unsubscribe. */
  onOnline: (listener: () => void) => () => void;
  /** Calls `listener` every `ms`; returns the stop. */
  every: (ms: number, listener: () => void) => () => void;
  /** Says, once, that the site answers but sent no config: a deployment fault, not the network. */
  reportMisconfigured: () => void;
}

/**
 * A page that started without /app-config.js (decision 027): the service worker's stored shell,
 * opened with the site out of reach. The config is never stored (it signs requests), so the app
 * runs with its calls failing with the network text, and the page loads anew once the site
 * answers again.
 *
 * The browser's word is not enough either way. Its `online` event only prompts a check: an
 * `online` the site does not confirm (a flapping network, a Wi-Fi with no way out, a page the
 * visitor is leaving) would reload onto the browser's error page or undo the visitor's
 * navigation. And a browser that never went offline (the server is down, or the Wi-Fi has no
 * way out) says nothing at all, so the check also runs every {@link SITE_RECHECK_MS}.
 *
 * When the site answers from the start, the config is missing for another reason (a proxy that
 * does not pass /app-config.js): that is reported and nothing reloads, or the page would reload
 * for ever. Returns the stop.
 */
export function reloadWhenSiteAnswers(deps: OfflineStartDeps): () => void {
  let stopped = false;
  let checking = false;
  const stops: Array<() => void> = [];
  const stop = () => {
    stopped = true;
    for (const each of stops.splice(0)) each();
  };
  const check = async (): Promise<boolean> => {
    if (stopped || checking) return false;
    checking = true;
    try {
      return await deps.siteAnswers();
    } finally {
      checking = false;
    }
  };
  const recheck = () => {
    void check().then((answers) => {
      if (!answers || stopped) return;
      stop();
      deps.reload();
    });
  };
  void check().then((answers) => {
    if (stopped) return;
    if (answers) {
      stop();
      deps.reportMisconfigured();
      return;
    }
    stops.push(deps.onOnline(recheck), deps.every(SITE_RECHECK_MS, recheck));
  });
  return stop;
}
