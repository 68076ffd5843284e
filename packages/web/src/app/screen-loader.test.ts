import { describe, expect, it } from 'vitest';
import { createScreenLoader } from './screen-loader';

/** An importer the test settles by hand, counting its calls. */
function importer() {
  const calls: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const run = () => new Promise<string>((resolve, reject) => void calls.push({ resolve, reject }));
  return { run, calls };
}

describe('a screen loaded on demand', () => {
  it('fetches its code once, however many times it is asked, and keeps it', async () => {
    const code = importer();
    const screen = createScreenLoader(code.run);
    const seen: string[] = [];
    screen.subscribe(() => seen.push(screen.state().status));
    expect(screen.state()).toEqual({ status: 'loading' });
    const first = screen.load();
    void screen.load();
    expect(code.calls).toHaveLength(1);
    code.calls[0]!.resolve('page');
    await first;
    expect(screen.state()).toEqual({ status: 'ready', value: 'page' });
    await screen.load();
    expect(code.calls).toHaveLength(1);
    expect(seen).toEqual(['ready']);
  });

  it('after a failure, the next load fetches again (a retry once the network is back)', async () => {
    const code = importer();
    const screen = createScreenLoader(code.run);
    const offline = screen.load();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    code.calls[0]!.reject(failure);
    await offline;
    expect(screen.state()).toEqual({ status: 'failed', error: failure });

    const retry = screen.load();
    expect(screen.state()).toEqual({ status: 'loading' });
    expect(code.calls).toHaveLength(2);
    code.calls[1]!.resolve('page');
    await retry;
    expect(screen.state()).toEqual({ status: 'ready', value: 'page' });
  });
});
