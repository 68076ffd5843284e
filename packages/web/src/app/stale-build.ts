import { createPath, type Location } from 'react-router';

/** Where the time of the last reload for a missing screen is kept, so it happens once. */
const RELOADED_AT_KEY = 'yingku:stale-build-reload';
/** A second failure within this time is not a replaced build: the error page shows. */
const RELOAD_GUARD_MS = 30_000;

export interface StaleBuildDeps {
  /** Where the router was going when the screen's code failed to load, if anywhere. */
  pendingLocation: () => Pick<Location, 'pathname' | 'search' | 'hash'> | undefined;
  online: () => boolean;
  /** Whether the site answers now (a page load would arrive rather than end on the browser's error page). */
  reachable: () => Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  load: (url: string) => void;
  now?: () => number;
}

/**
 * What to do when a screen's code fails to load (Vite's `vite:preloadError`). The usual cause is
 * a release since this page loaded: the old build's files are gone from the server. Loading the
 * page again, at the address the visitor was going to, picks up the new build. Only once per
 * {@link RELOAD_GUARD_MS}, only online and only when the site answers: a network that is down or
 * a server out of reach would turn the reload into the browser's own error page, so the screen's
 * message with its retry stays instead (decision 027). Resolves whether it reloaded.
 */
export async function reloadForStaleBuild(deps: StaleBuildDeps): Promise<boolean> {
  const now = (deps.now ?? Date.now)();
  const last = Number(deps.storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (!deps.online() || now - last < RELOAD_GUARD_MS) return false;
  if (!(await deps.reachable())) return false;
  deps.storage.setItem(RELOADED_AT_KEY, String(now));
  const next = deps.pendingLocation();
  deps.load(next ? createPath(next) : window.location.href);
  return true;
}

/** Whether the site answers a small request for `url` (any HTTP status counts; only a network failure does not). */
export async function siteAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
