/** Where a screen loaded on demand stands: its code is on the way, here, or failed to arrive. */
export type ScreenState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/** One screen's code: fetched once when first shown, fetched again on `load()` after a failure. */
export interface ScreenLoader<T> {
  state(): ScreenState<T>;
  /** Starts fetching unless the code is here or on the way; after a failure, tries again. */
  load(): Promise<void>;
  /** Called whenever the state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const LOADING = { status: 'loading' } as const;

/**
 * The screen's code behind `importer` (a dynamic `import()`), as a small store React reads with
 * `useSyncExternalStore`. Unlike the router's own `lazy`, which keeps a failed import's rejection
 * for good (so a tab tapped again after the network is back did nothing), a failure here is
 * only a state: the next `load()` runs `importer` again. Decision 027.
 */
export function createScreenLoader<T>(importer: () => Promise<T>): ScreenLoader<T> {
  let state: ScreenState<T> = LOADING;
  let inFlight: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: ScreenState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    state: () => state,
    load() {
      if (state.status === 'ready') return Promise.resolve();
      if (inFlight) return inFlight;
      if (state.status === 'failed') set(LOADING);
      inFlight = importer().then(
        (value) => set({ status: 'ready', value }),
        (error: unknown) => set({ status: 'failed', error }),
      );
      void inFlight.finally(() => (inFlight = undefined));
      return inFlight;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
